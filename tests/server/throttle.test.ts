import { afterEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { Msg } from '@/domain/messages';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const attempt = (s: TestServer, username: string, password: string, ip = '10.0.0.1') =>
  s.token({ grant_type: 'password', username, password }, { 'x-forwarded-for': ip });

describe('sign-in throttling', () => {
  it('five failures lock the account for the window, even for the right password, with a Spanish 429', async () => {
    server = await createTestServer({ trustProxy: true });
    for (let i = 0; i < 5; i++) expect((await attempt(server, 'admin', 'wrong')).status).toBe(400);
    const locked = await attempt(server, 'admin', 'demo1234');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await locked.json()) as { error: string; error_description: string };
    expect(body.error).toBe('too_many_attempts');
    expect(body.error_description).toBe(Msg.tooManyAttempts(15));
    // Another account from another address is not affected.
    expect((await attempt(server, 'soporte', 'demo1234', '10.0.0.2')).status).toBe(200);
    // When the window has passed, the account signs in again.
    server.clock.t += 15 * 60_000 + 1000;
    expect((await attempt(server, 'admin', 'demo1234')).status).toBe(200);
  });

  it('failures from one address across many accounts lock that address', async () => {
    server = await createTestServer({ trustProxy: true, throttle: { windowMinutes: 15, maxAccountFailures: 5, maxIpFailures: 8 } });
    const users = ['admin', 'soporte', 'fraude', 'operaciones'];
    for (let i = 0; i < 8; i++) await attempt(server, users[i % users.length]!, 'wrong', '10.9.9.9');
    expect((await attempt(server, 'lector', 'demo1234', '10.9.9.9')).status).toBe(429);
    expect((await attempt(server, 'lector', 'demo1234', '10.9.9.10')).status).toBe(200);
  });

  it('successful sign-ins are never limited', async () => {
    server = await createTestServer({ trustProxy: true });
    for (let i = 0; i < 30; i++) expect((await attempt(server, 'lector', 'demo1234')).status).toBe(200);
  });

  it('a success clears the account’s failures', async () => {
    server = await createTestServer({ trustProxy: true });
    for (let i = 0; i < 4; i++) await attempt(server, 'fraude', 'wrong');
    expect((await attempt(server, 'fraude', 'demo1234')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(server, 'fraude', 'wrong')).status).toBe(400);
    expect((await attempt(server, 'fraude', 'demo1234')).status).toBe(200);
  });
});
