import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';

/**
 * Answers to signed-in requests are the staff member's data: `Cache-Control: no-store` on every
 * authenticated JSON answer, errors included (issue 13 §5); public answers keep their own caching.
 */

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = (await server.signIn('lector')).access_token;
});
afterAll(() => server.close());

describe('Cache-Control on authenticated JSON', () => {
  it('a list, a refusal and a 404 answered to a token are not stored by any cache', async () => {
    for (const path of ['/users/secured/call/list?size=1', '/users/secured/call/contact?callId=abc', '/users/secured/call/contact?callId=99999999', '/orders/secured/orders/allHistory?size=1']) {
      const response = await server.get(path, token);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('public answers keep theirs', async () => {
    expect((await server.get('/health')).headers.get('cache-control')).toBeNull();
    expect((await server.get('/config.json')).headers.get('cache-control')).toBe('no-cache');
  });
});
