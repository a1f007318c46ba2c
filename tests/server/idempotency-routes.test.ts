import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestServer, type TestServer } from '../support/server';
import { createApp } from '../../server/app';
import { openDatabase, type Db } from '../../server/db/database';
import { QueuePaths } from '@/api/contract/queues';

/**
 * Exactly once (issue 24 §3): every family of routes that changes something, sent once and then
 * again with the same Idempotency-Key, as a console retries after a lost answer. On PostgreSQL the
 * retry goes to a second server instance on the same database (a balancer in front may send it
 * anywhere); on SQLite, one instance. The retry replays the first answer, says so, and writes
 * nothing: the tables every change writes to hold exactly what they held after the first.
 */

let server: TestServer;
let secondDb: Db | null = null;
let second: { request: TestServer['app']['request'] };
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;

/** Row counts and newest ids of what changes write: equal before and after a replay. */
const WRITTEN = ['action_logs', 'audit_log', 'notes', 'transitions', 'claims', 'blacklist_recipients', 'blacklist_entries', 'credit_transactions', 'approval_requests', 'sms_providers', 'oauth_tokens', 'request_steps'];
async function written(): Promise<string> {
  const counts: string[] = [];
  for (const table of WRITTEN) {
    const row = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(k());
    counts.push(`${table}=${Number(row.rows[0]!.n)}`);
  }
  const revoked = await sql<{ n: number | string }>`SELECT count(*) AS n FROM oauth_tokens WHERE revoked_at IS NOT NULL`.execute(k());
  return `${counts.join(' ')} revoked=${Number(revoked.rows[0]!.n)}`;
}

interface Case {
  name: string;
  who: string;
  path: string;
  body: () => Promise<unknown> | unknown;
}

beforeAll(async () => {
  server = await createTestServer();
  if (process.env.TEST_DATABASE_URL) {
    secondDb = openDatabase(server.config);
    second = createApp({ db: secondDb, config: server.config, clock: server.clock });
  } else {
    second = server.app;
  }
  for (const who of ['admin', 'soporte', 'fraude', 'operaciones', 'lector']) tokens[who] = (await server.signIn(who)).access_token;
});
afterAll(async () => {
  await secondDb?.close();
  await server.close();
});

const orderIds = async (n: number) => (await k().selectFrom('orders').select('id').orderBy('id', 'desc').limit(n).execute()).map((o) => o.id);

const CASES: Case[] = [
  {
    name: 'a note (uaa doc-note)',
    who: 'soporte',
    path: '/uaa/secured/doc-note/create',
    body: async () => ({ docCode: 'ORDER', docId: (await orderIds(1))[0], description: 'Llamó el cliente: reintento' }),
  },
  {
    name: "a console's own log entry",
    who: 'soporte',
    path: '/users/secured/action-logs/create',
    body: async () => ({ docCode: 'ORDER', docId: String((await orderIds(1))[0]), action: 'export', description: 'Exportó', input: '{}' }),
  },
  {
    name: 'an order action (risk approval, the generic move)',
    who: 'fraude',
    path: '/orders/secured/risk/approve',
    body: async () => {
      const id = (await orderIds(3))[2]!;
      await k().updateTable('orders').set({ status: 'RISK', total_refund_allowed: 0 }).where('id', '=', id).execute();
      await k().updateTable('order_items').set({ status: 'OPEN' }).where('order_id', '=', id).execute();
      return { orderId: id };
    },
  },
  {
    name: 'an item action (a bank remittance approved: one transfer)',
    who: 'operaciones',
    path: '/orders/secured/remesa-to-bank/update-status',
    body: async () => {
      const item = await k().selectFrom('order_items').select(['id', 'order_id']).where('product_type', '=', 'REMESA_BANCARIA').orderBy('id').executeTakeFirstOrThrow();
      await k().updateTable('order_items').set({ status: 'MANUAL' }).where('id', '=', item.id).execute();
      await k().updateTable('orders').set({ status: 'OPEN' }).where('id', '=', item.order_id).execute();
      return { fulfillmentOrderItemStatus: 'TO_ACTIVATE', fulfillmentOrderItemIds: [item.id] };
    },
  },
  {
    name: 'a customer action (credit added)',
    who: 'soporte',
    path: '/users/secured/addremove/credit',
    body: async () => {
      const customer = await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').executeTakeFirstOrThrow();
      return { accountId: customer.id, creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 3 };
    },
  },
  {
    name: 'a queue claim',
    who: 'operaciones',
    path: QueuePaths.claim,
    body: async () => ({ kind: 'item', id: (await k().selectFrom('order_items').select('id').where('product_type', '=', 'REMESA_BANCARIA').orderBy('id', 'desc').executeTakeFirstOrThrow()).id }),
  },
  {
    name: 'a blacklisted recipient',
    who: 'admin',
    path: '/blacklist/secured/recipient/add',
    body: () => ({ emails: ['reintento@nauta.com.cu'] }),
  },
  {
    name: 'the general blacklist',
    who: 'admin',
    path: '/blacklist/secured/add',
    body: () => ({ deviceId: 'device-reintento' }),
  },
  {
    name: "an SMS provider's prefix",
    who: 'admin',
    path: '/vphone/v1/sms/update',
    body: () => ({ token: server.config.smsToken, data: { prefix: '591', provider: 'TELNYX' } }),
  },
];

describe(`a retry with the same Idempotency-Key ${process.env.TEST_DATABASE_URL ? 'sent to another instance' : ''} writes once, on every family of changes`, () => {
  it.each(CASES)('$name: the retry replays the first answer and writes nothing', async ({ who, path, body }) => {
    const key = `retry-${crypto.randomUUID()}`;
    const payload = JSON.stringify(await body());
    const send = (app: { request: TestServer['app']['request'] }) =>
      app.request(path, { method: 'POST', headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json', 'idempotency-key': key }, body: payload });
    const before = await written();
    const first = await send(server.app);
    const firstText = await first.text();
    expect(first.status, firstText).toBe(200);
    const after = await written();
    expect(after).not.toBe(before);
    // The answer was lost: the console sends the same request again, and the balancer picks another instance.
    const again = await send(second);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(firstText);
    expect(await written()).toBe(after);
  });

  it('a queue release and a sign-out, retried, change nothing more either', async () => {
    const item = await k().selectFrom('order_items').select('id').where('product_type', '=', 'REMESA_BANCARIA').orderBy('id', 'desc').limit(1).offset(1).executeTakeFirstOrThrow();
    const session = (await server.signIn('operaciones')).access_token;
    const post = (app: { request: TestServer['app']['request'] }, path: string, key: string, body?: unknown) =>
      app.request(path, { method: 'POST', headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json', 'idempotency-key': key }, ...(body ? { body: JSON.stringify(body) } : {}) });
    expect((await post(server.app, QueuePaths.claim, 'claim-once-1', { kind: 'item', id: item.id })).status).toBe(200);
    for (const [path, body] of [[QueuePaths.release, { kind: 'item', id: item.id }], ['/uaa/secured/logout', undefined]] as const) {
      const key = `once-${crypto.randomUUID()}`;
      const first = await post(server.app, path, key, body);
      expect(first.status).toBe(200);
      const after = await written();
      const again = await post(second, path, key, body);
      // A signed-out session cannot send anything more: the retry of the sign-out itself is a 401 and changes nothing.
      if (path === '/uaa/secured/logout') expect(again.status).toBe(401);
      else expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await written()).toBe(after);
    }
  });

  it('two copies of one request at the same moment, one to each instance: one acts, the other replays it', async () => {
    const id = (await orderIds(5))[4]!;
    const key = `twice-${crypto.randomUUID()}`;
    const payload = JSON.stringify({ docCode: 'ORDER', docId: id, description: 'Dos a la vez' });
    const send = (app: { request: TestServer['app']['request'] }) =>
      app.request('/uaa/secured/doc-note/create', { method: 'POST', headers: { authorization: `Bearer ${tokens.soporte}`, 'content-type': 'application/json', 'idempotency-key': key }, body: payload });
    const answers = await Promise.all([send(server.app), send(second)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.headers.get('idempotent-replayed')).filter(Boolean)).toEqual(['true']);
    const [a, b] = await Promise.all(answers.map((r) => r.text()));
    expect(a).toBe(b);
    expect((await k().selectFrom('notes').select('id').where('doc_id', '=', String(id)).where('description', '=', 'Dos a la vez').execute()).length).toBe(1);
  });
});
