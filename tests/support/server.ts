import { loadConfig, type ServerConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDatabase } from '../../server/db/seed/index';
import { createApp } from '../../server/app';
import { DEMO_PASSWORD } from '../../server/db/seed/personas';

export const TEST_NOW = Date.UTC(2026, 10, 22, 15, 0, 0);
const BASIC = `Basic ${Buffer.from('crm-console:crm-console-secret').toString('base64')}`;

/** A reference server on a fresh in-memory database, seeded at the test scale, with a movable clock. */
export async function createTestServer(overrides: Partial<ServerConfig> = {}) {
  const config: ServerConfig = { ...loadConfig({}), databaseFile: ':memory:', databaseUrl: null, scale: 'test', ...overrides };
  const db = openDatabase(config);
  await migrate(db);
  await seedDatabase(db, { seed: 7, scale: 'test', now: TEST_NOW });
  const clock = { t: TEST_NOW, now() { return this.t; } };
  const app = createApp({ db, config, clock });

  const token = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    app.request('/uaa/oauth/token', {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });

  async function signIn(username: string, password = DEMO_PASSWORD) {
    const response = await token({ grant_type: 'password', username, password, device_id: 'test-device' });
    if (response.status !== 200) throw new Error(`sign-in of ${username} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
  }

  const get = (path: string, accessToken?: string) =>
    app.request(path, { headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {} });
  const post = (path: string, accessToken: string | undefined, body?: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  return { app, db, config, clock, token, signIn, get, post, close: () => db.close() };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;
