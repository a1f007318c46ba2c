import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { Msg } from '@/domain/messages';

/**
 * HTTP hygiene of the reference server (issue 13 §5): answers to signed-in requests are the staff
 * member's data (`Cache-Control: no-store` on every authenticated JSON answer, errors included;
 * public answers keep their own caching); a JSON endpoint refuses another body type (415) and a
 * body that is not a JSON object (400), in Spanish.
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

describe('bodies of JSON endpoints', () => {
  let editor: string;
  beforeAll(async () => {
    editor = (await server.signIn('soporte')).access_token;
  });
  const post = (body: string, type: string) =>
    server.app.request('/users/secured/action-logs/create', { method: 'POST', headers: { authorization: `Bearer ${editor}`, 'content-type': type }, body });

  it('another type is a 415, a body that is not JSON or not an object a 400, all in Spanish and short', async () => {
    const text = await post('docId=1', 'text/plain');
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error_description: string }).error_description).toBe(Msg.notJson);
    const broken = await post('{"docId": ', 'application/json');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error_description: string }).error_description).toBe(Msg.badJson);
    for (const body of ['null', '[1,2]', '42']) {
      const answer = await post(body, 'application/json');
      expect(answer.status, body).toBe(400);
      expect(((await answer.json()) as { error_description: string }).error_description).toBe(Msg.jsonObject);
    }
  });
});
