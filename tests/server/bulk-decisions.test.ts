import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, type TestServer } from '../support/server';
import { expectError } from '../support/expect-http';
import { BulkResponse, QueuePaths, RemittanceQueueResponse } from '@/api/contract/queues';
import { ApprovalMsg } from '@/domain/approvals';
import { BULK_MAX, BulkMsg } from '@/domain/bulk';
import { ClaimMsg } from '@/domain/queues';
import { OrderRefused } from '@/domain/order-actions';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';

/**
 * Bulk decisions (issue 28 §3) through the real route and database: each entry goes through its
 * own chart and move (its own action-log row and transition), held and refused entries are named
 * with their reasons while the others are done, a four-eyes batch waits as one request that only
 * another person decides, and bad batches, replays and double clicks change nothing twice.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accounts: Record<string, number> = {};
const k = () => server.db.kysely;
const PEOPLE = ['admin', 'fraude', 'operaciones', 'remesas', 'entregas', 'soporte', 'lector'] as const;
type Person = (typeof PEOPLE)[number];

beforeAll(async () => {
  // Four-eyes above 500 USD, as the example.
  server = await createTestServer({ fourEyes: { thresholdUsd: 500, hours: 24, windowHours: 24 } });
  await server.signInAll(PEOPLE, { tokens, accountOf: accounts });
});
afterAll(() => server.close());

const send = (who: Person, body: unknown, key: string = crypto.randomUUID()) =>
  server.app.request(QueuePaths.bulk, { method: 'POST', headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) });
const answer = async (r: Response, status = 200) => {
  expect(r.status).toBe(status);
  return v.parse(BulkResponse, await r.json()).data;
};
const claim = (who: Person, kind: 'item' | 'order', id: number) => server.post(QueuePaths.claim, tokens[who], { kind, id });

/** Orders put in RISK, untouched by earlier tests. */
let usedOrders = 0;
async function riskOrders(n: number) {
  const rows = await k().selectFrom('orders').select('id').orderBy('id', 'desc').offset(usedOrders).limit(n).execute();
  usedOrders += n;
  const ids = rows.map((r) => r.id);
  await k().updateTable('orders').set({ status: 'RISK' }).where('id', 'in', ids).execute();
  return ids;
}
const statusOf = async (id: number) => (await k().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
/** The moves requests made of an entity (the seed's history has no request). */
const transitionsOf = (chart: string, id: number) => k().selectFrom('transitions').selectAll().where('chart', '=', chart).where('entity_id', '=', String(id)).where('request_id', 'is not', null).execute();
const logsOf = (orderId: number, action: string) => k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'ORDER').where('doc_id', '=', String(orderId)).where('action', '=', action).execute();

/** Bank remittance items in MANUAL, in open orders, worth `usd` each, that the bank will transfer. */
let usedItems = 0;
async function bankItems(n: number, usd: number) {
  const rows = await k().selectFrom('order_items').select(['id', 'order_id']).where('product_type', '=', 'REMESA_BANCARIA').orderBy('id').offset(usedItems).limit(n).execute();
  usedItems += n;
  for (const r of rows) {
    await k().updateTable('orders').set({ status: 'OPEN' }).where('id', '=', r.order_id).execute();
    await k().updateTable('order_items').set({ status: 'MANUAL', amount: usd, currency: 'USD' }).where('id', '=', r.id).execute();
    await k().updateTable('remittances').set({ bank_refusal: null }).where('id', '=', r.id).execute();
  }
  return rows;
}
const itemStatus = async (id: number) => (await k().selectFrom('order_items').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('bulk decisions: who may, and what a batch may be', () => {
  it('refuses a reader, someone without the queue, and someone without the row\'s permission (403); nothing is done', async () => {
    const [a] = await riskOrders(1);
    await expectError(await send('lector', { kind: 'order', event: 'order.approve', ids: [a] }), 403, 'access_denied', Msg.notReader);
    await expectError(await send('soporte', { kind: 'order', event: 'order.approve', ids: [a] }), 403, 'access_denied', Msg.missingPermission(Permission.FRAUD_COMPLETE));
    const [item] = await bankItems(1, 10);
    // The cash desk works the remittance queue but does not approve remittances.
    await expectError(await send('entregas', { kind: 'item', event: 'item.approve', ids: [item!.id] }), 403, 'access_denied', Msg.missingPermission(Permission.OPERATIONS_SPECIALIST));
    expect(await statusOf(a!)).toBe('RISK');
    expect(await itemStatus(item!.id)).toBe('MANUAL');
  });

  it('refuses a malformed batch with a Spanish 400 and does nothing', async () => {
    const [a, b] = await riskOrders(2);
    const bad: [unknown, string][] = [
      [{ kind: 'order', event: 'order.approve', ids: [a, b, a] }, BulkMsg.repeated],
      [{ kind: 'order', event: 'order.approve', ids: Array.from({ length: BULK_MAX + 1 }, (_, i) => i + 1) }, BulkMsg.tooMany],
      [{ kind: 'order', event: 'order.approve', ids: [] }, BulkMsg.none],
      [{ kind: 'order', event: 'item.approve', ids: [a] }, BulkMsg.event],
      [{ kind: 'order', event: 'order.refundFull', ids: [a] }, BulkMsg.event],
      [{ kind: 'item', event: 'item.modifyDestination', ids: [a] }, BulkMsg.event],
      [{ kind: 'queue', event: 'order.approve', ids: [a] }, BulkMsg.kind],
      [{ kind: 'order', event: 'order.approve', ids: ['1 OR 1=1'] }, BulkMsg.ids],
      // "Enviar a revisión" asks for a reason: without it the batch is not sent.
      [{ kind: 'item', event: 'item.review', ids: [a] }, BulkMsg.payload],
    ];
    for (const [body, message] of bad) await expectError(await send('admin', body), 400, 'invalid_request', message);
    expect([await statusOf(a!), await statusOf(b!)]).toEqual(['RISK', 'RISK']);
    expect(await transitionsOf('order', a!)).toEqual([]);
  });
});

describe('bulk decisions: each entry its own move', () => {
  it('approves the orders it can; one held by someone else and one the chart refuses are named with their reasons', async () => {
    const [a, held, closed, d] = await riskOrders(4);
    expect((await claim('admin', 'order', held!)).status).toBe(200);
    await k().updateTable('orders').set({ status: 'CLOSED' }).where('id', '=', closed!).execute();
    const missing = 99_999_999;
    const data = await answer(await send('fraude', { kind: 'order', event: 'order.approve', ids: [a, held, closed, d, missing] }));
    expect(data.approval).toBeNull();
    expect(data.results).toEqual([
      { id: a, outcome: 'done', reason: null },
      { id: held, outcome: 'held', reason: ClaimMsg.held('Ana Administradora') },
      { id: closed, outcome: 'refused', reason: OrderRefused.approve },
      { id: d, outcome: 'done', reason: null },
      { id: missing, outcome: 'refused', reason: `La orden ${missing} no existe.` },
    ]);
    expect([await statusOf(a!), await statusOf(held!), await statusOf(closed!), await statusOf(d!)]).toEqual(['OPEN', 'RISK', 'CLOSED', 'OPEN']);
    // Each done order: its own transition (as the analyst) and its own action-log row, nothing for the others.
    for (const id of [a!, d!]) {
      const [t, ...more] = await transitionsOf('order', id);
      expect(more).toEqual([]);
      expect(t).toMatchObject({ from_state: 'RISK', event: 'order.approve', to_state: 'OPEN', actor_id: accounts.fraude });
      const [log, ...others] = await logsOf(id, 'order.approve');
      expect(others).toEqual([]);
      // Only the changed field.
      expect(log!.input).toContain('"status"');
      expect(log!.executor_id).toBe(accounts.fraude);
    }
    for (const id of [held!, closed!]) expect(await transitionsOf('order', id)).toEqual([]);
  });

  it('cancels risk orders the same way (the row of the single action: its items cancelled)', async () => {
    const [a, b] = await riskOrders(2);
    const data = await answer(await send('fraude', { kind: 'order', event: 'order.cancel', ids: [a, b] }));
    expect(data.results.map((r) => r.outcome)).toEqual(['done', 'done']);
    expect([await statusOf(a!), await statusOf(b!)]).toEqual(['CANCELLED', 'CANCELLED']);
    const items = await k().selectFrom('order_items').select('status').where('order_id', 'in', [a!, b!]).execute();
    for (const item of items) expect(item.status).toBe('CANCELLED');
  });

  it('sends home remittances back to review with one reason for all: each its own move and action-log row with that reason; a bad reason is every entry\'s refusal in the single action\'s words, nothing done', async () => {
    const rows = await k().selectFrom('order_items').select(['id', 'order_id']).where('product_type', '=', 'REMESA_A_DOMICILIO').orderBy('id', 'desc').limit(2).execute();
    for (const r of rows) {
      await k().updateTable('orders').set({ status: 'OPEN' }).where('id', '=', r.order_id).execute();
      await k().updateTable('order_items').set({ status: 'PENDING_DELIVERY' }).where('id', '=', r.id).execute();
    }
    const ids = rows.map((r) => r.id);
    // Blank, too long, not text: each entry is refused with the single action's message; nothing moves.
    for (const payload of ['   ', 'x'.repeat(501), { reason: 'x' }]) {
      const refused = await answer(await send('operaciones', { kind: 'item', event: 'item.review', ids, payload }));
      expect(refused.results.map((r) => r.outcome)).toEqual(['refused', 'refused']);
      expect(refused.results[0]!.reason).toMatch(/motivo/i);
    }
    for (const id of ids) expect(await itemStatus(id)).toBe('PENDING_DELIVERY');

    const data = await answer(await send('operaciones', { kind: 'item', event: 'item.review', ids, payload: '  Dirección incompleta ' }));
    expect(data.results).toEqual(ids.map((id) => ({ id, outcome: 'done', reason: null })));
    for (const id of ids) {
      expect(await itemStatus(id)).toBe('MANUAL');
      const [t, ...more] = await transitionsOf('homeRemittanceItem', id);
      expect(more).toEqual([]);
      expect(t).toMatchObject({ from_state: 'PENDING_DELIVERY', event: 'item.review', to_state: 'MANUAL', actor_id: accounts.operaciones });
      const orderId = rows.find((r) => r.id === id)!.order_id;
      const logs = await k().selectFrom('action_logs').select(['description', 'executor_id']).where('doc_code', '=', 'ORDER').where('doc_id', '=', String(orderId)).where('action', '=', 'homeRemittanceItem.item.review').execute();
      expect(logs).toEqual([{ description: `Remesa a domicilio ${id} enviada a revisión: Dirección incompleta`, executor_id: accounts.operaciones }]);
    }
  });

  it('replays the whole answer for the same Idempotency-Key, doing nothing twice', async () => {
    const [a, b] = await riskOrders(2);
    const key = crypto.randomUUID();
    const first = await send('fraude', { kind: 'order', event: 'order.approve', ids: [a, b] }, key);
    const firstBody = await answer(first);
    const again = await send('fraude', { kind: 'order', event: 'order.approve', ids: [a, b] }, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await answer(again)).toEqual(firstBody);
    expect(firstBody.results.map((r) => r.outcome)).toEqual(['done', 'done']);
    for (const id of [a!, b!]) expect(await transitionsOf('order', id)).toHaveLength(1);
    // The key is bound to its batch: another batch with it is a 422.
    expect((await send('fraude', { kind: 'order', event: 'order.approve', ids: [b] }, key)).status).toBe(422);
  });

  it('two identical batches at once: each entry is done once, the other batch is told why', async () => {
    const ids = await riskOrders(3);
    const [x, y] = await Promise.all([send('fraude', { kind: 'order', event: 'order.approve', ids }), send('fraude', { kind: 'order', event: 'order.approve', ids })]);
    const results = [...(await answer(x)).results, ...(await answer(y)).results];
    for (const id of ids) {
      expect(results.filter((r) => r.id === id).map((r) => r.outcome).sort()).toEqual(['done', 'refused']);
      expect(await transitionsOf('order', id)).toHaveLength(1);
    }
  });
});

describe('bulk decisions: four-eyes by the batch\'s sum', () => {
  it('a batch of remittance approvals below the threshold is done at once, each item its own move', async () => {
    const items = await bankItems(2, 100);
    const data = await answer(await send('operaciones', { kind: 'item', event: 'item.approve', ids: items.map((i) => i.id) }));
    expect(data.results.map((r) => r.outcome)).toEqual(['done', 'done']);
    for (const i of items) {
      expect(await itemStatus(i.id)).toBe('TO_ACTIVATE');
      expect(await transitionsOf('bankRemittanceItem', i.id)).toHaveLength(1);
    }
  });

  it('above it the batch waits as ONE request listing its items; the requester cannot decide it; another specialist does, and every item moves', async () => {
    // 300 USD each: none is above 500 alone, the batch (900) is.
    const items = await bankItems(3, 300);
    const ids = items.map((i) => i.id);
    const data = await answer(await send('operaciones', { kind: 'item', event: 'item.approve', ids }), 202);
    expect(data.results).toEqual(ids.map((id) => ({ id, outcome: 'waiting', reason: null })));
    expect(data.approval).toMatchObject({ amount: 900, currency: 'USD' });
    const [request, ...more] = await k().selectFrom('approval_requests').selectAll().where('chart', '=', 'queueBatch').execute();
    expect(more).toEqual([]);
    expect(request).toMatchObject({ id: data.approval!.id, status: 'requested', entity_id: ids.join(','), amount: 900, requester_id: accounts.operaciones });
    expect(JSON.parse(request!.needs)).toEqual(expect.arrayContaining([Permission.EDITOR, Permission.OPERATIONS_SPECIALIST]));
    for (const id of ids) expect(await itemStatus(id)).toBe('MANUAL');
    // The queue shows them blocked, waiting in the batch's request: nobody works them one by one meanwhile.
    const queue = v.parse(RemittanceQueueResponse, await (await server.get(`${QueuePaths.remittances}?product=REMESA_BANCARIA&size=100`, tokens.remesas)).json()).data;
    for (const id of ids) expect(queue.elements.find((e) => e.itemId === id)).toMatchObject({ blocked: true, approval: { id: request!.id, requesterName: 'Oscar Operaciones' } });

    const decide = (who: Person) => server.app.request('/orders/secured/approvals/approve', { method: 'POST', headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' }, body: JSON.stringify({ id: request!.id }) });
    await expectError(await decide('operaciones'), 409, 'conflict', ApprovalMsg.samePerson);
    for (const id of ids) expect(await itemStatus(id)).toBe('MANUAL');
    // Support does not hold what approving a remittance needs.
    expect((await decide('soporte')).status).toBe(403);
    expect((await decide('remesas')).status).toBe(200);
    for (const id of ids) {
      expect(await itemStatus(id)).toBe('TO_ACTIVATE');
      const [t, ...others] = await transitionsOf('bankRemittanceItem', id);
      expect(others).toEqual([]);
      expect(t).toMatchObject({ event: 'item.approve', from_state: 'MANUAL', to_state: 'TO_ACTIVATE', actor_id: accounts.remesas });
    }
    expect((await k().selectFrom('approval_requests').select('status').where('id', '=', request!.id).executeTakeFirstOrThrow()).status).toBe('approved');
  });

  it('a held item and a refused one stay out of the waiting batch, named', async () => {
    const items = await bankItems(4, 300);
    const [a, held, refused, d] = items.map((i) => i.id);
    expect((await claim('remesas', 'item', held!)).status).toBe(200);
    await k().updateTable('order_items').set({ status: 'FULFILLED' }).where('id', '=', refused!).execute();
    const data = await answer(await send('operaciones', { kind: 'item', event: 'item.approve', ids: [a, held, refused, d] }), 202);
    expect(data.results.map((r) => [r.id, r.outcome])).toEqual([
      [a, 'waiting'],
      [held, 'held'],
      [refused, 'refused'],
      [d, 'waiting'],
    ]);
    expect(data.results[1]!.reason).toBe(ClaimMsg.held('Rosa Remesas'));
    expect(data.results[2]!.reason).toBeTruthy();
    expect(data.approval!.amount).toBe(600);
    const request = await k().selectFrom('approval_requests').selectAll().where('id', '=', data.approval!.id).executeTakeFirstOrThrow();
    expect(request.entity_id).toBe(`${a},${d}`);
  });

  it('risk decisions are never held for a second person, whatever the total', async () => {
    const ids = await riskOrders(3);
    await k().updateTable('orders').set({ total_price: 5000, currency: 'USD' }).where('id', 'in', ids).execute();
    const data = await answer(await send('fraude', { kind: 'order', event: 'order.approve', ids }));
    expect(data.approval).toBeNull();
    expect(data.results.map((r) => r.outcome)).toEqual(['done', 'done', 'done']);
  });
});
