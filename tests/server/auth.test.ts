import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, type TestServer } from '../support/server';
import { TokenResponse, ProfileResponse } from '@/api/contract/uaa';
import { ErrorBody } from '@/api/contract/envelope';
import { Msg } from '@/domain/messages';
import { PERSONAS } from '../../server/db/seed/personas';
import { Permission } from '@/domain/permissions';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const errorOf = async (response: Response) => v.parse(ErrorBody, await response.json());

describe('POST /uaa/oauth/token, password grant', () => {
  it.each(PERSONAS.map((p) => p.username))('signs in %s with demo1234 and answers opaque tokens', async (username) => {
    const response = await server.token({ grant_type: 'password', username, password: 'demo1234', device_id: 'd1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = v.parse(TokenResponse, await response.json());
    expect(body.expires_in).toBe(3600);
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refresh_token).not.toBe(body.access_token);
  });

  it('stores only hashes of the tokens', async () => {
    const tokens = await server.signIn('admin');
    const stored = await server.db.kysely.selectFrom('oauth_tokens').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === tokens.access_token)).toBe(false);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('a wrong password answers 400 invalid_grant with the server message', async () => {
    const response = await server.token({ grant_type: 'password', username: 'soporte', password: 'nope' });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ error: 'invalid_grant', error_description: Msg.badCredentials });
  });

  it('an unknown user gets the same answer as a wrong password', async () => {
    const response = await server.token({ grant_type: 'password', username: 'nadie', password: 'demo1234' });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).error_description).toBe(Msg.badCredentials);
  });

  it('user names are case-insensitive and trimmed', async () => {
    const response = await server.token({ grant_type: 'password', username: '  FRAUDE ', password: 'demo1234' });
    expect(response.status).toBe(200);
  });

  it('missing fields answer 400 with a Spanish message', async () => {
    const response = await server.token({ grant_type: 'password', username: 'admin' });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).error_description).toBe(Msg.missingCredentials);
  });

  it('an unsupported grant answers 400', async () => {
    const response = await server.token({ grant_type: 'client_credentials' });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).error_description).toBe(Msg.badGrant);
  });

  it('wrong client credentials answer 401 invalid_client', async () => {
    const bad = `Basic ${Buffer.from('crm-console:wrong').toString('base64')}`;
    const response = await server.token({ grant_type: 'password', username: 'admin', password: 'demo1234' }, { authorization: bad });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).error).toBe('invalid_client');
    const none = await server.app.request('/uaa/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=admin&password=demo1234',
    });
    expect(none.status).toBe(401);
  });

  it('a JSON body is refused: the contract is a form body', async () => {
    const response = await server.app.request('/uaa/oauth/token', {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('crm-console:crm-console-secret').toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: 'admin', password: 'demo1234' }),
    });
    expect(response.status).toBe(400);
  });

  it('a customer account (no CRM_LOGIN) cannot sign in to the console', async () => {
    const customer = await server.db.kysely.selectFrom('accounts').select(['id', 'username']).where('is_staff', '=', 0).executeTakeFirstOrThrow();
    const { hashPassword } = await import('../../server/auth/passwords');
    await server.db.kysely.updateTable('accounts').set({ password_hash: await hashPassword('cliente123') }).where('id', '=', customer.id).execute();
    const response = await server.token({ grant_type: 'password', username: customer.username, password: 'cliente123' });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toEqual({ error: 'access_denied', error_description: Msg.noConsoleAccess });
  });

  it('a disabled account cannot sign in', async () => {
    await server.db.kysely.updateTable('accounts').set({ enabled: 0 }).where('username', '=', 'entregas').execute();
    const response = await server.token({ grant_type: 'password', username: 'entregas', password: 'demo1234' });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).error_description).toBe(Msg.accountDisabled);
    await server.db.kysely.updateTable('accounts').set({ enabled: 1 }).where('username', '=', 'entregas').execute();
  });
});

describe('refresh grant', () => {
  it('rotates: a new pair in the same family, and the spent refresh token is refused', async () => {
    const first = await server.signIn('admin');
    const refreshed = await server.token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    const second = v.parse(TokenResponse, await refreshed.json());
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await server.get('/uaa/secured/data', second.access_token)).status).toBe(200);
  });

  it('reusing a spent refresh token revokes the whole family', async () => {
    const first = await server.signIn('fraude');
    const second = v.parse(TokenResponse, await (await server.token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).json());
    const reuse = await server.token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse.status).toBe(400);
    expect(await errorOf(reuse)).toEqual({ error: 'invalid_grant', error_description: Msg.badRefreshToken });
    // Everything issued from that sign-in is now dead, the newest pair included.
    expect((await server.get('/uaa/secured/data', second.access_token)).status).toBe(401);
    expect((await server.get('/uaa/secured/data', first.access_token)).status).toBe(401);
    const legit = await server.token({ grant_type: 'refresh_token', refresh_token: second.refresh_token });
    expect(legit.status).toBe(400);
  });

  it('two refreshes with the same token at once: one wins, the family is revoked', async () => {
    const first = await server.signIn('lector');
    const [a, b] = await Promise.all([
      server.token({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
      server.token({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
  });

  it('an unknown or expired refresh token is refused', async () => {
    expect((await server.token({ grant_type: 'refresh_token', refresh_token: 'nope' })).status).toBe(400);
    const tokens = await server.signIn('soporte');
    server.clock.t += 31 * 24 * 3600 * 1000;
    const expired = await server.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    server.clock.t -= 31 * 24 * 3600 * 1000;
    expect(expired.status).toBe(400);
  });
});

describe('bearer tokens on /secured paths', () => {
  it('a missing token answers 401 invalid_token', async () => {
    const response = await server.get('/uaa/secured/data');
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toEqual({ error: 'invalid_token', error_description: Msg.missingToken });
  });

  it('an unknown token answers 401 invalid_token', async () => {
    const response = await server.get('/uaa/secured/data', 'garbage');
    expect(response.status).toBe(401);
    expect((await errorOf(response)).error).toBe('invalid_token');
  });

  it('an expired token answers 401 invalid_token', async () => {
    const tokens = await server.signIn('operaciones');
    server.clock.t += 3601_000;
    const response = await server.get('/uaa/secured/data', tokens.access_token);
    server.clock.t -= 3601_000;
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toEqual({ error: 'invalid_token', error_description: Msg.expiredToken });
  });

  it('every secured service needs the token, even for paths that do not exist', async () => {
    for (const path of ['/orders/secured/risk/list', '/reports/secured/dashboard', '/users/secured/anything']) {
      expect((await server.get(path)).status).toBe(401);
    }
  });

  it('a missing permission answers 403 access_denied', async () => {
    const tokens = await server.signIn('sinacceso');
    const response = await server.get('/orders/secured/risk/list', tokens.access_token);
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toEqual({ error: 'access_denied', error_description: Msg.missingPermission(Permission.VIEW_ORDERS) });
  });
});

describe('logout', () => {
  it('revokes the access and refresh tokens of the session', async () => {
    const tokens = await server.signIn('soporte');
    const response = await server.post('/uaa/secured/logout', tokens.access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ code: 0, data: { loggedOut: true } });
    const after = await server.get('/uaa/secured/data', tokens.access_token);
    expect(after.status).toBe(401);
    expect((await errorOf(after)).error_description).toBe(Msg.revokedToken);
    expect((await server.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status).toBe(400);
  });

  it('leaves the user’s other sessions alone', async () => {
    const a = await server.signIn('lector');
    const b = await server.signIn('lector');
    await server.post('/uaa/secured/logout', a.access_token);
    expect((await server.get('/uaa/secured/data', b.access_token)).status).toBe(200);
  });
});

describe('GET /uaa/secured/data: the profile', () => {
  it.each(PERSONAS)('$username belongs to $group with exactly its permissions', async (persona) => {
    const tokens = await server.signIn(persona.username);
    const response = await server.get('/uaa/secured/data', tokens.access_token);
    expect(response.status).toBe(200);
    const { data } = v.parse(ProfileResponse, await response.json());
    expect(data.username).toBe(persona.username);
    expect(data.groups.map((g) => g.name)).toEqual([persona.group]);
    const permissions = data.groups.flatMap((g) => g.permissions.map((p) => p.name)).sort();
    expect(permissions).toEqual([...new Set(persona.permissions)].sort());
    expect(permissions).toContain(Permission.LOGIN);
  });

  it('only lector-free personas lack the editor flag', async () => {
    const readers = PERSONAS.filter((p) => !p.permissions.includes(Permission.EDITOR)).map((p) => p.username);
    expect(readers.sort()).toEqual(['lector', 'llamadas', 'pagos', 'qa', 'sinacceso']);
  });
});
