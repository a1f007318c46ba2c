import { afterEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { forwardedClient } from '../../server/auth/middleware';
import { loadConfig } from '../../server/config';
import { Msg } from '@/domain/messages';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const attempt = (s: TestServer, username: string, password: string, ip = '10.0.0.1') =>
  s.token({ grant_type: 'password', username, password }, { 'x-forwarded-for': ip });

const events = (s: TestServer, kind: 'signin.failed' | 'signin.throttled') => s.db.kysely.selectFrom('security_events').selectAll().where('kind', '=', kind).orderBy('id').execute();

describe('sign-in throttling', () => {
  it('five failures from one source lock that source out of the account, even for the right password, with a Spanish 429', async () => {
    server = await createTestServer({ trustProxy: 1 });
    for (let i = 0; i < 5; i++) expect((await attempt(server, 'admin', 'wrong')).status).toBe(400);
    const locked = await attempt(server, 'admin', 'demo1234');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await locked.json()) as { error: string; error_description: string };
    expect(body.error).toBe('too_many_attempts');
    expect(body.error_description).toBe(Msg.tooManyAttempts(15));
    // When the window has passed, the account signs in again from there.
    server.clock.t += 15 * 60_000 + 1000;
    expect((await attempt(server, 'admin', 'demo1234')).status).toBe(200);
  });

  it('thirty wrong passwords at once for one user: at most five are checked, the rest are 429 with Retry-After', async () => {
    server = await createTestServer({ trustProxy: 1 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => attempt(server!, 'fraude', 'wrong', '10.7.7.7')));
    const checked = answers.filter((r) => r.status === 400).length;
    const refused = answers.filter((r) => r.status === 429);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + refused.length).toBe(30);
    for (const response of refused) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a shift starting: eighteen people of one office (one address) signing in at the same moment all get in', async () => {
    server = await createTestServer({ trustProxy: 1 });
    const people = ['admin', 'soporte', 'fraude', 'operaciones', 'entregas', 'lector'];
    const answers = await Promise.all(Array.from({ length: 18 }, (_, i) => attempt(server!, people[i % people.length]!, 'demo1234', '10.20.30.40')));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 18 }, () => 200));
  });

  it('the real user signs in from another source while a guesser is locked out of their account', async () => {
    server = await createTestServer({ trustProxy: 1 });
    for (let i = 0; i < 8; i++) await attempt(server, 'soporte', 'wrong', '198.51.100.66');
    expect((await attempt(server, 'soporte', 'demo1234', '198.51.100.66')).status).toBe(429);
    expect((await attempt(server, 'soporte', 'demo1234', '10.0.0.2')).status).toBe(200);
  });

  it('guessing one account from many sources meets the slower per-account ceiling', async () => {
    server = await createTestServer({ trustProxy: 1, throttle: { windowMinutes: 15, maxPairFailures: 5, maxAccountFailures: 12, maxIpFailures: 100 } });
    for (let i = 0; i < 12; i++) expect((await attempt(server, 'operaciones', 'wrong', `203.0.113.${i}`)).status).toBe(400);
    expect((await attempt(server, 'operaciones', 'wrong', '203.0.113.200')).status).toBe(429);
  });

  it('failures from one address across many accounts lock that address only', async () => {
    server = await createTestServer({ trustProxy: 1, throttle: { windowMinutes: 15, maxPairFailures: 5, maxAccountFailures: 20, maxIpFailures: 8 } });
    const users = ['admin', 'soporte', 'fraude', 'operaciones'];
    for (let i = 0; i < 8; i++) await attempt(server, users[i % users.length]!, 'wrong', '10.9.9.9');
    expect((await attempt(server, 'lector', 'demo1234', '10.9.9.9')).status).toBe(429);
    expect((await attempt(server, 'lector', 'demo1234', '10.9.9.10')).status).toBe(200);
  });

  it('a busy office behind one proxy is not locked out by a few colleagues’ typos (the per-source ceiling is high)', async () => {
    server = await createTestServer({ trustProxy: 1 });
    const users = ['admin', 'soporte', 'fraude', 'operaciones', 'entregas'];
    for (const user of users) for (let i = 0; i < 4; i++) await attempt(server, user, 'typo', '192.0.2.1');
    expect((await attempt(server, 'lector', 'demo1234', '192.0.2.1')).status).toBe(200);
    for (const user of users) expect((await attempt(server, user, 'demo1234', '192.0.2.1')).status).toBe(200);
  });

  it('with one trusted proxy, rotating X-Forwarded-For does not make a new source', async () => {
    server = await createTestServer({ trustProxy: 1 });
    // The proxy appends the address it saw (198.51.100.7); the client writes anything to its left.
    for (let i = 0; i < 5; i++) expect((await attempt(server, 'admin', 'wrong', `10.${i}.0.1, 198.51.100.7`)).status).toBe(400);
    expect((await attempt(server, 'admin', 'demo1234', '172.16.0.99, 198.51.100.7')).status).toBe(429);
    expect((await attempt(server, 'admin', 'demo1234', '198.51.100.8')).status).toBe(200);
  });

  it('counts hops from the right, and reads TRUST_PROXY as hops', () => {
    expect(forwardedClient('1.1.1.1, 2.2.2.2, 3.3.3.3', 1)).toBe('3.3.3.3');
    expect(forwardedClient('1.1.1.1, 2.2.2.2, 3.3.3.3', 2)).toBe('2.2.2.2');
    expect(forwardedClient('3.3.3.3', 2)).toBe('3.3.3.3');
    expect(forwardedClient(undefined, 1)).toBeNull();
    expect(forwardedClient('1.1.1.1', 0)).toBeNull();
    expect([loadConfig({}).trustProxy, loadConfig({ TRUST_PROXY: 'true' }).trustProxy, loadConfig({ TRUST_PROXY: '2' }).trustProxy, loadConfig({ TRUST_PROXY: 'false' }).trustProxy]).toEqual([0, 1, 2, 0]);
  });

  it('successful sign-ins are never limited', async () => {
    server = await createTestServer({ trustProxy: 1 });
    for (let i = 0; i < 30; i++) expect((await attempt(server, 'lector', 'demo1234')).status).toBe(200);
  });

  it('a success clears the failures of its source', async () => {
    server = await createTestServer({ trustProxy: 1 });
    for (let i = 0; i < 4; i++) await attempt(server, 'fraude', 'wrong');
    expect((await attempt(server, 'fraude', 'demo1234')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(server, 'fraude', 'wrong')).status).toBe(400);
    expect((await attempt(server, 'fraude', 'demo1234')).status).toBe(200);
  });

  it('writes every failed and refused sign-in to the security log, never the password', async () => {
    server = await createTestServer({ trustProxy: 1 });
    await attempt(server, 'admin', 'secreto-1', '10.1.1.1');
    await attempt(server, 'nadie', 'secreto-2', '10.1.1.1');
    for (let i = 0; i < 5; i++) await attempt(server, 'admin', 'secreto-3', '10.1.1.1');
    const failed = await events(server, 'signin.failed');
    expect(failed.map((e) => [e.username, e.client_ip, e.detail])).toEqual([
      ['admin', '10.1.1.1', 'Contraseña incorrecta'],
      ['nadie', '10.1.1.1', 'Usuario desconocido'],
      // Four more checks reach the pair's limit of five; the fifth is refused unchecked.
      ...Array.from({ length: 4 }, () => ['admin', '10.1.1.1', 'Contraseña incorrecta']),
    ]);
    const throttled = await events(server, 'signin.throttled');
    expect(throttled).toHaveLength(1);
    expect(JSON.stringify([...failed, ...throttled])).not.toMatch(/secreto/);
  });
});
