import { loadConfig, type ServerConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { createApp } from '../../server/app';
import { DEMO_PASSWORD } from '../../server/db/seed/personas';
import { API_KEY_CLIENTS } from '@/api/contract/clients';
import { fillPath, type AnyRow } from '@/machines/lifecycle/table';

import { TEST_NOW, dropPostgresDatabase, freshPostgresDatabase, freshSqliteFile, removeSqliteFile } from './test-database';

export { TEST_NOW };
const BASIC = `Basic ${Buffer.from('crm-console:crm-console-secret').toString('base64')}`;

/**
 * A reference server on a fresh database seeded at the test scale (a copy of the seeded SQLite
 * template file, or of the seeded PostgreSQL template when TEST_DATABASE_URL is set), with a
 * movable clock.
 */
export async function createTestServer(overrides: Partial<ServerConfig> = {}) {
  const databaseUrl = await freshPostgresDatabase();
  const databaseFile = databaseUrl ? ':memory:' : freshSqliteFile()!;
  const config: ServerConfig = { ...loadConfig({}), databaseFile, databaseUrl, scale: 'test', ...overrides };
  const db = openDatabase(config);
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

  /**
   * Signs each persona in and records its token (and, when asked, its account id): the setup most
   * server tests share, written once.
   */
  async function signInAll(personas: readonly string[], into: { tokens: Record<string, string>; accountOf?: Record<string, number> }) {
    for (const persona of personas) {
      into.tokens[persona] = (await signIn(persona)).access_token;
      if (into.accountOf) into.accountOf[persona] = (await db.kysely.selectFrom('accounts').select('id').where('username', '=', persona).executeTakeFirstOrThrow()).id;
    }
  }

  const get = (path: string, accessToken?: string) =>
    app.request(path, { headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {} });
  const post = (path: string, accessToken: string | undefined, body?: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const close = async () => {
    await db.close();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    else removeSqliteFile(databaseFile);
  };
  return { app, db, config, clock, token, signIn, signInAll, get, post, close };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;

/**
 * A row of an action table sent as the console sends it (its client's path with the tenant, its
 * query and body built by the row, JSON or multipart, an Idempotency-Key as the console sends
 * with every change, the api key where its client carries it): the server tests drive the same wire the screens do.
 */
export async function sendRow(
  server: TestServer,
  row: AnyRow,
  subject: unknown,
  payload: unknown,
  accessToken: string,
  session: { accountId: number; headers?: Record<string, string> },
): Promise<Response> {
  const request = row.request(subject, payload, { accountId: session.accountId, tenant: server.config.tenant });
  const path = fillPath(row.wire.path, server.config.tenant, request.params);
  const query = new URLSearchParams(Object.entries(request.query ?? {}).flatMap(([key, value]) => (value === undefined || value === null ? [] : [[key, String(value)]])));
  const headers: Record<string, string> = { authorization: `Bearer ${accessToken}`, ...(session.headers ?? {}) };
  if (API_KEY_CLIENTS.includes(row.wire.client)) headers['api-key'] ??= server.config.upgApiKey;
  headers['idempotency-key'] ??= crypto.randomUUID();
  let body: BodyInit | undefined;
  if (request.body !== undefined) {
    if (row.wire.multipart) {
      const form = new FormData();
      for (const [key, value] of Object.entries(request.body as object)) if (value !== null && value !== undefined) form.append(key, value instanceof Blob ? value : String(value));
      body = form;
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
  }
  const search = query.toString();
  return server.app.request(`${path}${search ? `?${search}` : ''}`, { method: row.wire.method, headers, ...(body === undefined ? {} : { body }) });
}
