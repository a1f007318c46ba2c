import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { createApp } from '../../server/app';
import { openDatabase, type Db } from '../../server/db/database';
import { changeOf, eventStream } from '../support/event-stream';
import { ClaimMsg } from '@/domain/queues';
import { sql } from 'kysely';
import { hashToken } from '../../server/auth/tokens';

/**
 * Several server instances behind a load balancer share one PostgreSQL database (README,
 * "PostgreSQL"): a session begun on one is valid on the other, what one writes the other reads,
 * and two instances racing for the same transition still give one win and one 409. This file runs
 * in the PostgreSQL layer of `npm test` (TEST_DATABASE_URL); SQLite is a single-instance database.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL database', () => {
  let a: TestServer;
  let secondDb: Db;
  let b: ReturnType<typeof createApp>;
  const k = () => a.db.kysely;

  beforeAll(async () => {
    a = await createTestServer();
    secondDb = openDatabase(a.config);
    b = createApp({ db: secondDb, config: a.config, clock: a.clock });
  });
  afterAll(async () => {
    await secondDb.close();
    await a.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const approve = (app: { request: TestServer['app']['request'] }, token: string, orderId: number) =>
    app.request('/orders/secured/risk/approve', { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify({ orderId }) });

  it("a change made through one instance reaches the other instance's event streams within two seconds (LISTEN/NOTIFY)", async () => {
    const token = (await a.signIn('fraude')).access_token;
    const stream = eventStream(await b.request('/orders/secured/changes', { headers: bearer(token) }));
    expect(await stream.until(/event: ready/)).toBe(true);
    const order = await k().selectFrom('orders').select('id').orderBy('id', 'desc').offset(2).executeTakeFirstOrThrow();
    await k().updateTable('orders').set({ status: 'RISK', total_refund_allowed: 0 }).where('id', '=', order.id).execute();
    const started = Date.now();
    expect((await approve(a.app, token, order.id)).status).toBe(200);
    expect(await stream.until(changeOf(order.id))).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    await stream.close();
  });

  it('a claim taken through one instance holds on the other', async () => {
    const item = await k().selectFrom('order_items').select('id').where('product_type', '=', 'REMESA_BANCARIA').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const oscar = (await a.signIn('operaciones')).access_token;
    const rosa = (await a.signIn('remesas')).access_token;
    const claim = (app: { request: TestServer['app']['request'] }, token: string) =>
      app.request('/orders/secured/claims', { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'item', id: item.id }) });
    expect((await claim(a.app, oscar)).status).toBe(200);
    const refused = await claim(b, rosa);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error_description: string }).error_description).toBe(ClaimMsg.held('Oscar Operaciones'));
  });

  it('a session begun on one instance is honoured by the other, and signing out on it ends it on both', async () => {
    const { access_token } = await a.signIn('fraude');
    expect((await b.request('/orders/secured/risk/list', { headers: bearer(access_token) })).status).toBe(200);
    expect((await b.request('/uaa/secured/logout', { method: 'POST', headers: bearer(access_token) })).status).toBe(200);
    expect((await a.get('/orders/secured/risk/list', access_token)).status).toBe(401);
  });

  it("a session revoked on one instance cannot write on another before that instance hears of it (the NOTIFY comes late)", async () => {
    const { access_token } = await a.signIn('fraude');
    const note = () =>
      b.request('/uaa/secured/doc-note/create', { method: 'POST', headers: { ...bearer(access_token), 'content-type': 'application/json' }, body: JSON.stringify({ docCode: 'ORDER', docId: 1, description: 'Después de salir' }) });
    // b reads the session once and remembers it.
    expect((await b.request('/orders/secured/risk/list', { headers: bearer(access_token) })).status).toBe(200);
    // The sign-out commits, but b has not heard its notification yet: the trigger is silenced for this one
    // transaction, which is what b sees in the moment between another instance's commit and its NOTIFY.
    await k().transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('oauth_tokens').set({ revoked_at: new Date(a.clock.now()).toISOString() }).where('token_hash', '=', hashToken(access_token)).execute();
    });
    const before = await k().selectFrom('notes').select((e) => e.fn.countAll<number>().as('n')).where('description', '=', 'Después de salir').executeTakeFirstOrThrow();
    const refused = await note();
    expect(refused.status).toBe(401);
    const after = await k().selectFrom('notes').select((e) => e.fn.countAll<number>().as('n')).where('description', '=', 'Después de salir').executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('two instances approving one RISK order at once: one 200, one 409, one audit row', async () => {
    const order = await k().selectFrom('orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await k().updateTable('orders').set({ status: 'RISK', total_refund_allowed: 0 }).where('id', '=', order.id).execute();
    await k().updateTable('order_items').set({ status: 'OPEN' }).where('order_id', '=', order.id).execute();
    const first = (await a.signIn('fraude')).access_token;
    const second = (await a.signIn('admin')).access_token;
    const logsBefore = await k().selectFrom('action_logs').select('id').where('doc_code', '=', 'ORDER').where('doc_id', '=', String(order.id)).execute();
    const answers = await Promise.all([approve(a.app, first, order.id), approve(b, second, order.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const logsAfter = await k().selectFrom('action_logs').select('id').where('doc_code', '=', 'ORDER').where('doc_id', '=', String(order.id)).execute();
    expect(logsAfter.length - logsBefore.length).toBe(1);
    expect((await k().selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).not.toBe('RISK');
  });

  it('one Idempotency-Key sent to both instances acts once: the other answer is the replay or a 409 in flight', async () => {
    const order = await k().selectFrom('orders').select('id').orderBy('id', 'desc').offset(1).executeTakeFirstOrThrow();
    await k().updateTable('orders').set({ status: 'RISK', total_refund_allowed: 0 }).where('id', '=', order.id).execute();
    const token = (await a.signIn('fraude')).access_token;
    const key = { 'idempotency-key': `two-instances-${order.id}` };
    const send = (app: { request: TestServer['app']['request'] }) =>
      app.request('/orders/secured/risk/approve', { method: 'POST', headers: { ...bearer(token), ...key, 'content-type': 'application/json' }, body: JSON.stringify({ orderId: order.id }) });
    const answers = await Promise.all([send(a.app), send(b)]);
    const statuses = answers.map((r) => r.status).sort();
    expect([[200, 200], [200, 409]]).toContainEqual(statuses);
    const logs = await k().selectFrom('action_logs').select('id').where('doc_code', '=', 'ORDER').where('doc_id', '=', String(order.id)).execute();
    expect(logs).toHaveLength(1);
  });
});
