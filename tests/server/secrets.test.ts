import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, type TestServer } from '../support/server';
import { ProfileResponse } from '@/api/contract/uaa';
import { DEMO_PASSWORD } from '../../server/db/seed/personas';
import { Msg } from '@/domain/messages';

/**
 * Issue 13 §3: /config.json is read by anyone who opens the page, so it carries no secret. The
 * console is a public OAuth client (its id, no secret); the keys the services want (UPG's api key,
 * the SMS token) come with the signed-in session's profile, one pair per session, worth nothing
 * without that session's token and gone with it.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
const signInAs = (authorization: string) => server.token({ grant_type: 'password', username: 'admin', password: DEMO_PASSWORD }, { authorization });
async function session() {
  const { access_token } = await server.signIn('admin');
  const profile = v.parse(ProfileResponse, await (await server.get('/uaa/secured/data', access_token)).json()).data;
  return { token: access_token, keys: profile.serviceKeys! };
}
const upg = (token: string, key: string) =>
  server.app.request(`/upg/api/crm/${server.config.companyId}/chargeOrder/allHistory`, { headers: { authorization: `Bearer ${token}`, 'api-key': key } });
const sms = (token: string, smsToken: string) => server.post('/vphone/v1/sms/providers', token, { token: smsToken });

describe('GET /config.json', () => {
  it('carries no client secret, api key or SMS token, under any name', async () => {
    const text = await (await server.get('/config.json')).text();
    for (const secret of [server.config.oauthClientSecret, server.config.upgApiKey, server.config.smsToken]) expect(text).not.toContain(secret);
    expect(Object.keys(JSON.parse(text) as object).filter((key) => /secret|apikey|token|password/i.test(key))).toEqual([]);
  });
});

describe('the console as a public OAuth client', () => {
  it('signs in with its id and no secret; another id, or its id with a wrong secret, is refused', async () => {
    expect((await signInAs(basic(`${server.config.oauthClientId}:`))).status).toBe(200);
    expect((await signInAs(basic(`${server.config.oauthClientId}:${server.config.oauthClientSecret}`))).status).toBe(200);
    for (const wrong of [basic('otro-cliente:'), basic(`${server.config.oauthClientId}:mal`), basic('')]) {
      const response = await signInAs(wrong);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'invalid_client', error_description: Msg.badClient });
    }
  });
});

describe("a session's service keys", () => {
  it('come with the profile, differ from session to session and from the configured keys', async () => {
    const a = await session();
    const b = await session();
    expect(a.keys.apiKey).not.toBe(b.keys.apiKey);
    expect(a.keys.smsToken).not.toBe(b.keys.smsToken);
    expect([a.keys.apiKey, a.keys.smsToken]).not.toContain(server.config.upgApiKey);
    expect([a.keys.apiKey, a.keys.smsToken]).not.toContain(server.config.smsToken);
  });

  it("open the keyed services with their own session's token only", async () => {
    const a = await session();
    const b = await session();
    expect((await upg(a.token, a.keys.apiKey)).status).toBe(200);
    expect((await sms(a.token, a.keys.smsToken)).status).toBe(200);
    // Another session's key with this token, or a guessed one: 401.
    for (const key of [b.keys.apiKey, 'upg-demo-api-key-x', '']) expect((await upg(a.token, key)).status).toBe(401);
    expect((await sms(a.token, b.keys.smsToken)).status).toBe(401);
  });

  it('die with their session: after sign-out the key opens nothing, even with a new token', async () => {
    const a = await session();
    expect((await server.post('/uaa/secured/logout', a.token)).status).toBe(200);
    const b = await session();
    expect((await upg(a.token, a.keys.apiKey)).status).toBe(401);
    expect((await upg(b.token, a.keys.apiKey)).status).toBe(401);
    expect((await upg(b.token, b.keys.apiKey)).status).toBe(200);
  });

  it('a refreshed session keeps its keys (the session, not the access token, owns them)', async () => {
    const { access_token, refresh_token } = await server.signIn('admin');
    const keys = v.parse(ProfileResponse, await (await server.get('/uaa/secured/data', access_token)).json()).data.serviceKeys!;
    const refreshed = (await (await server.token({ grant_type: 'refresh_token', refresh_token })).json()) as { access_token: string };
    expect((await upg(refreshed.access_token, keys.apiKey)).status).toBe(200);
  });
});
