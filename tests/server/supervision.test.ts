import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, TEST_NOW, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { ClaimResponse, QueuePaths, RemittanceQueueResponse, RiskQueueResponse } from '@/api/contract/queues';
import { RiskListResponse } from '@/api/contract/orders';
import { ConformanceResponse, HistoryPaths, HistoryResponse } from '@/api/contract/history';
import { HeldClaimsResponse, RevokeResponse, SupervisionPaths, SupervisionResponse, type QueueFigures } from '@/api/contract/supervision';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { slaStateOf } from '@/machines/queue/sla.machine';
import { rowFor } from '@/machines/lifecycle/table';
import { ClaimMsg, REMITTANCE_QUEUE_PRODUCTS } from '@/domain/queues';
import { RISK_QUEUE_STATUSES } from '@/domain/order-status';
import { Msg } from '@/domain/messages';
import { ALL_PERMISSIONS, Permission } from '@/domain/permissions';
import { dayjs, DISPLAY_TIME_ZONE } from '@/domain/time';
import { iso } from '../../server/clock';
import { waitingPairs } from '../../server/queue/queues';
import { revokeClaim } from '../../server/queue/claims';
import { percentileOffset } from '../../server/supervision/figures';

let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const k = () => server.db.kysely;
const PEOPLE = ['admin', 'jefe', 'operaciones', 'remesas', 'fraude', 'soporte', 'lector', 'qa'] as const;
type Person = (typeof PEOPLE)[number];
const MIN = 60_000;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(PEOPLE, { tokens, accountOf: ids });
});
afterAll(() => server.close());

const get = (path: string, who: Person) => server.get(path, tokens[who]);
const post = (path: string, who: Person, body: unknown) => server.post(path, tokens[who], body);
const figures = async (who: Person = 'jefe') => (await json(SupervisionResponse, await get(SupervisionPaths.figures, who))).data;
const held = async () => (await json(HeldClaimsResponse, await get(SupervisionPaths.claims, 'jefe'))).data.elements;
const claim = (who: Person, id: number, kind = 'item') => post(QueuePaths.claim, who, { kind, id });
const revoke = (who: Person, id: number, kind = 'item') => post(SupervisionPaths.release, who, { kind, id });
const ago = (minutes: number) => iso(TEST_NOW - minutes * MIN);

/** A bank remittance item waiting (REQUESTED) in an open order. */
async function bankItem(n: number) {
  const row = await k().selectFrom('order_items').select(['id', 'order_id', 'fulfillment_order_id']).where('product_type', '=', 'REMESA_BANCARIA').orderBy('id').offset(n).limit(1).executeTakeFirstOrThrow();
  await k().updateTable('orders').set({ status: 'OPEN' }).where('id', '=', row.order_id).execute();
  await k().updateTable('order_items').set({ status: 'REQUESTED' }).where('id', '=', row.id).execute();
  const app = await k().selectFrom('orders').select('app_name').where('id', '=', row.order_id).executeTakeFirstOrThrow();
  return { id: row.id, orderId: row.order_id, offerId: row.fulfillment_order_id ?? 0, appName: app.app_name };
}

/** The figures of the known ages, as the nearest-rank rule and the SLA chart give them. */
function expected(ages: number[], limitMinutes: number) {
  const sorted = [...ages].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] ?? null;
  return { depth: ages.length, oldestMinutes: sorted.at(-1) ?? null, p50Minutes: rank(50), p90Minutes: rank(90), overCount: ages.filter((a) => slaStateOf(a, limitMinutes) === 'over').length };
}
const pick = (f: QueueFigures) => ({ depth: f.depth, oldestMinutes: f.oldestMinutes, p50Minutes: f.p50Minutes, p90Minutes: f.p90Minutes, overCount: f.overCount });

describe('who reads Supervisión', () => {
  it('the lead and admin read it; specialists, support and readers are refused (403)', async () => {
    for (const who of ['jefe', 'admin'] as const) {
      expect((await get(SupervisionPaths.figures, who)).status).toBe(200);
      expect((await get(SupervisionPaths.claims, who)).status).toBe(200);
    }
    for (const who of ['operaciones', 'soporte', 'lector', 'fraude'] as const) {
      await expectError(await get(SupervisionPaths.figures, who), 403, 'access_denied', Msg.missingPermission(Permission.SUPERVISION));
      await expectError(await get(SupervisionPaths.claims, who), 403, 'access_denied', Msg.missingPermission(Permission.SUPERVISION));
    }
    expect((await server.app.request(SupervisionPaths.figures)).status).toBe(401);
  });
});

describe('the queues against their service levels', () => {
  it('the Cola de Riesgo on a known fixture: depth, oldest, p50/p90 and the over count at the boundary (4 h: 240 min is in time, 241 late)', async () => {
    await k().updateTable('orders').set({ status: 'CLOSED' }).where('status', 'in', [...RISK_QUEUE_STATUSES]).execute();
    const orders = await k().selectFrom('orders').select('id').orderBy('id').limit(5).execute();
    const ages = [10, 60, 120, 240, 241];
    for (const [i, o] of orders.entries()) await k().updateTable('orders').set({ status: i === 1 ? 'DUPLICATE_RISK' : 'RISK', created_date: ago(ages[i]!) }).where('id', '=', o.id).execute();
    const read = await figures();
    const risk = read.queues.find((q) => q.queue === 'risk')!;
    expect(pick(risk)).toEqual({ depth: 5, oldestMinutes: 241, p50Minutes: 120, p90Minutes: 241, overCount: 1 });
    expect(pick(risk)).toEqual(expected(ages, 240));
    expect(risk.slaHours).toBe(server.config.slaHours.risk);
    expect(read.over.filter((o) => o.queue === 'risk')).toEqual([{ queue: 'risk', kind: 'order', id: orders[4]!.id, orderId: orders[4]!.id, what: { orderStatus: 'RISK' }, createdDate: ago(241), ageMinutes: 241 }]);
  });

  it('Pendientes de aprobación: requests waiting (expired and decided ones are not), aged from the request', async () => {
    await k().deleteFrom('approval_requests').execute();
    const base = { chart: 'bankRemittanceItem', event: 'item.approve', path: '/x', request: '{}', doc_code: 'ORDER', doc_id: '7', entity_id: '1', amount: 600, currency: 'USD', amount_usd: 600, needs: '[]', requester_id: 1, requester_name: 'Ana' };
    await k()
      .insertInto('approval_requests')
      .values([
        { ...base, status: 'requested', requested_at: ago(30), expires_at: iso(TEST_NOW + 60 * MIN), pending_key: 'a' },
        { ...base, status: 'requested', requested_at: ago(481), expires_at: iso(TEST_NOW + 60 * MIN), pending_key: 'b' },
        { ...base, status: 'requested', requested_at: ago(2000), expires_at: iso(TEST_NOW), pending_key: 'c' },
        { ...base, status: 'approved', requested_at: ago(3000), expires_at: iso(TEST_NOW + 60 * MIN), pending_key: null },
      ])
      .execute();
    const read = await figures();
    const approval = read.queues.find((q) => q.queue === 'approval')!;
    expect(pick(approval)).toEqual({ depth: 2, oldestMinutes: 481, p50Minutes: 30, p90Minutes: 481, overCount: 1 });
    const late = read.over.filter((o) => o.queue === 'approval');
    // What it is: the action as its button reads, not the chart's event.
    expect(late.map((o) => [o.kind, o.orderId, o.ageMinutes, o.what])).toEqual([['approval', 7, 481, { action: 'Aprobar' }]]);
  });

  it('the Cola de Remesas per product as the table holds it (every waiting status), by province, and at the 24 h boundary', async () => {
    // Two items at the boundary: 1440 minutes waited is in time, 1441 is late.
    const [onTime, late] = [await bankItem(0), await bankItem(1)];
    await k().updateTable('order_items').set({ created_date: ago(1440) }).where('id', '=', onTime.id).execute();
    await k().updateTable('order_items').set({ created_date: ago(1441) }).where('id', '=', late.id).execute();
    const read = await figures();
    const limit = server.config.slaHours.remittance * 60;
    for (const product of REMITTANCE_QUEUE_PRODUCTS) {
      const statuses = waitingPairs([Permission.EDITOR, Permission.OPERATIONS_SPECIALIST, Permission.PICKUP_DELIVERY], product).map((p) => p.status);
      const rows = await k().selectFrom('order_items').select('created_date').where('product_type', '=', product).where('status', 'in', statuses).execute();
      const ages = rows.map((r) => Math.floor((TEST_NOW - Date.parse(r.created_date)) / MIN));
      const row = read.queues.find((q) => q.queue === 'remittance' && q.product === product)!;
      expect(pick(row), product).toEqual(expected(ages, limit));
      if (product === 'REMESA_BANCARIA') expect(ages.filter((a) => a === 1440 || a === 1441).length).toBeGreaterThanOrEqual(2);
    }
    expect(read.queues.filter((q) => q.queue === 'remittance').reduce((s, q) => s + q.depth, 0)).toBeGreaterThan(0);
    // Every waiting remittance goes somewhere: the provinces add up to the queue.
    const depth = read.queues.filter((q) => q.queue === 'remittance').reduce((s, q) => s + q.depth, 0);
    expect(read.provinces.reduce((s, p) => s + p.depth, 0)).toBe(depth);
    expect(read.provinces.reduce((s, p) => s + p.overCount, 0)).toBe(read.queues.filter((q) => q.queue === 'remittance').reduce((s, q) => s + q.overCount, 0));
    // The list: the oldest late items, oldest first, each over its level, at most 20.
    const listed = read.over.filter((o) => o.queue === 'remittance');
    expect(listed.length).toBeLessThanOrEqual(20);
    expect(listed.every((o) => o.ageMinutes > limit && o.kind === 'item' && o.orderId && 'productType' in o.what)).toBe(true);
    expect(listed.map((o) => o.createdDate)).toEqual(listed.map((o) => o.createdDate).sort());
  });

  it("one count (issue 39 §6): a product's depth is what its queue counts for whoever works it all, with the same filter; the risk queue's is the queue's and the bell's", async () => {
    // admin holds every permission of those who work the queue: its queue waits for what the lead's table counts.
    const workers = [Permission.EDITOR, Permission.OPERATIONS_SPECIALIST, Permission.PICKUP_DELIVERY];
    expect(waitingPairs(ALL_PERMISSIONS)).toEqual(waitingPairs(workers));
    await bankItem(2);
    const read = await figures();
    const queued = async (query: string) => (await json(RemittanceQueueResponse, await get(`${QueuePaths.remittances}${query}`, 'admin'))).data.totalElements;
    for (const product of REMITTANCE_QUEUE_PRODUCTS) {
      const depth = read.queues.find((q) => q.queue === 'remittance' && q.product === product)!.depth;
      expect(await queued(`?product=${product}`), product).toBe(depth);
    }
    expect(await queued('')).toBe(read.queues.filter((q) => q.queue === 'remittance').reduce((sum, q) => sum + q.depth, 0));
    const risk = read.queues.find((q) => q.queue === 'risk')!.depth;
    expect((await json(RiskQueueResponse, await get(QueuePaths.risk, 'admin'))).data.totalElements).toBe(risk);
    expect((await json(RiskListResponse, await get('/orders/secured/risk/list', 'admin'))).data.totalElements).toBe(risk);
  });

  it('percentile ranks: nearest rank over the entries oldest first', () => {
    expect(percentileOffset(5, 50)).toBe(2);
    expect(percentileOffset(5, 90)).toBe(0);
    expect(percentileOffset(1, 50)).toBe(0);
    expect(percentileOffset(10, 90)).toBe(1);
  });
});

describe('work done today and the seven days', () => {
  it("counts today's moves (America/Toronto) per person and action, from the transitions; yesterday's and the seed's histories are not today's", async () => {
    const before = (await figures()).workDone;
    const item = await bankItem(2);
    const markDelivered = rowFor(bankRemittance.rows, 'item.markDelivered')!;
    expect((await sendRow(server, markDelivered, item, undefined, tokens.operaciones!, { accountId: ids.operaciones! })).status).toBe(200);
    const midnight = dayjs(TEST_NOW).tz(DISPLAY_TIME_ZONE).startOf('day').valueOf();
    await k()
      .insertInto('transitions')
      .values([
        { chart: bankRemittance.name, doc_code: 'ORDER', doc_id: '1', entity_id: '1', entity_kind: 'item', from_state: 'REQUESTED', event: 'item.markDelivered', to_state: 'DELIVERED', actor_id: ids.operaciones!, actor_email: 'operaciones@consola.example', at: iso(midnight - 1), request_id: 'ayer' },
        // A seeded history's move today: no request made it.
        { chart: bankRemittance.name, doc_code: 'ORDER', doc_id: '1', entity_id: '1', entity_kind: 'item', from_state: 'REQUESTED', event: 'item.markDelivered', to_state: 'DELIVERED', actor_id: ids.operaciones!, actor_email: 'operaciones@consola.example', at: iso(TEST_NOW - 1), request_id: null },
      ])
      .execute();
    const after = (await figures()).workDone;
    const count = (rows: typeof after) => rows.find((w) => w.actorId === ids.operaciones && w.chart === bankRemittance.name && w.event === 'item.markDelivered')?.count ?? 0;
    expect(count(after)).toBe(count(before) + 1);
    expect(after.find((w) => w.actorId === ids.operaciones)!.actorName).toBe('Oscar Operaciones');
    // Named as its button reads, not by the chart's event.
    expect(after.find((w) => w.actorId === ids.operaciones && w.event === 'item.markDelivered')!.label).toBe(markDelivered.label);
  });

  it("seven days, today last: today's depth now, a sampled day its sample, a day nobody sampled none; the read samples today", async () => {
    const days = Array.from({ length: 7 }, (_, i) => dayjs(TEST_NOW).tz(DISPLAY_TIME_ZONE).subtract(6 - i, 'day').format('YYYY-MM-DD'));
    await k().insertInto('queue_depth_samples').values({ day: days[4]!, queue: 'risk', depth: 17, sampled_at: iso(TEST_NOW - 2 * 86_400_000) }).execute();
    const read = await figures();
    expect(read.history.days).toEqual(days);
    const risk = read.history.series.find((s) => s.queue === 'risk')!.depths;
    expect(risk[4]).toBe(17);
    expect(risk[3]).toBeNull();
    expect(risk[6]).toBe(read.queues.find((q) => q.queue === 'risk')!.depth);
    const remittance = read.history.series.find((s) => s.queue === 'remittance')!.depths;
    expect(remittance[6]).toBe(read.queues.filter((q) => q.queue === 'remittance').reduce((s, q) => s + q.depth, 0));
    const today = await k().selectFrom('queue_depth_samples').selectAll().where('day', '=', days[6]!).orderBy('queue').execute();
    expect(today.map((s) => s.queue)).toEqual(['approval', 'remittance', 'risk']);
  });
});

describe('claims held now, and the lead releasing one', () => {
  it('lists who holds which entry, since when and for how long (expired ones are not held)', async () => {
    const [a, b] = [await bankItem(3), await bankItem(4)];
    await json(ClaimResponse, await claim('operaciones', a.id));
    server.clock.t = TEST_NOW + 3 * MIN;
    await json(ClaimResponse, await claim('remesas', b.id));
    const list = await held();
    const mine = list.find((c) => c.id === a.id)!;
    expect(mine).toMatchObject({ kind: 'item', orderId: a.orderId, holderId: ids.operaciones, holderName: 'Oscar Operaciones', claimedAt: iso(TEST_NOW), heldMinutes: 3 });
    // Each claim with its release chart, as the store restores it: the page offers "Liberar" from it.
    expect(mine.charts).toEqual([{ chart: 'claimRelease', state: 'claimed', facts: {} }]);
    expect(list.find((c) => c.id === b.id)).toMatchObject({ holderName: 'Rosa Remesas', heldMinutes: 0 });
    server.clock.t = TEST_NOW + 10 * MIN;
    expect((await held()).map((c) => c.id)).not.toContain(a.id);
    server.clock.t = TEST_NOW;
    await k().deleteFrom('claims').execute();
  });

  it('the lead frees a held item: audited on its order, gone from the claims, another may take it, and the holder is told once on their next renewal', async () => {
    const item = await bankItem(5);
    await json(ClaimResponse, await claim('remesas', item.id));
    const answer = await json(RevokeResponse, await revoke('jefe', item.id));
    expect(answer.data.holderName).toBe('Rosa Remesas');
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'ORDER').where('doc_id', '=', String(item.orderId)).where('action', '=', 'claim.revoke').executeTakeFirstOrThrow();
    expect(log.description).toBe(`Julia Jefa liberó la reserva de Rosa Remesas sobre el item ${item.id}.`);
    expect(log.executor_id).toBe(ids.jefe);
    // Only what changed: the release chart's state, whose claim it was, and who released it.
    expect(JSON.parse(log.input ?? 'null')).toEqual({
      status: { before: 'claimed', after: 'revoked' },
      reserva: { before: 'Rosa Remesas', after: null },
      liberadaPor: { before: null, after: 'Julia Jefa' },
    });
    // The release is a row of the claimRelease chart: QA's transitions name it, on the item's order.
    const moved = await k().selectFrom('transitions').selectAll().where('chart', '=', 'claimRelease').where('doc_id', '=', String(item.orderId)).executeTakeFirstOrThrow();
    expect(moved).toMatchObject({ entity_id: `item ${item.id}`, entity_kind: 'claim', from_state: 'claimed', event: 'claim.revoke', to_state: 'revoked', actor_id: ids.jefe });
    expect((await held()).map((c) => c.id)).not.toContain(item.id);
    // Its holder's renewal: refused once, naming the lead; then they may claim it again.
    await expectError(await claim('remesas', item.id), 409, 'conflict', ClaimMsg.revoked('Julia Jefa'));
    expect((await json(ClaimResponse, await claim('remesas', item.id))).data.holderName).toBe('Rosa Remesas');
    // Freed again, someone else takes it first: the former holder is then told who holds it.
    await json(RevokeResponse, await revoke('admin', item.id));
    expect((await json(ClaimResponse, await claim('operaciones', item.id))).data.holderName).toBe('Oscar Operaciones');
    await expectError(await claim('remesas', item.id), 409, 'conflict', ClaimMsg.held('Oscar Operaciones'));
    // QA's history of the claim (its id has a space, 'item 5'): its two releases, each replayed on its own facts (the claim
    // was taken again between them, by its own chart, where no move is stored); the conformance finds nothing divergent.
    const history = (await json(HistoryResponse, await get(`${HistoryPaths.history}?${new URLSearchParams({ chart: 'claimRelease', entityId: `item ${item.id}` })}`, 'qa'))).data;
    expect(history.moments.map((m) => [m.kind, m.from, m.to, m.divergence])).toEqual([
      ['current-row', '', 'claimed', null],
      ['move', 'claimed', 'revoked', null],
      ['move', 'claimed', 'revoked', null],
    ]);
    expect(history.divergentAt).toBeNull();
    const conformance = (await json(ConformanceResponse, await get(`${HistoryPaths.conformance}?chart=claimRelease`, 'qa'))).data;
    expect(conformance).toMatchObject({ histories: 1, transitions: 2, divergent: 0 });
    await k().deleteFrom('claims').execute();
  });

  it('a freed order of the risk queue may be approved by another analyst at once', async () => {
    const order = await k().selectFrom('orders').select('id').where('status', '=', 'RISK').orderBy('id').limit(1).executeTakeFirstOrThrow();
    await json(ClaimResponse, await claim('fraude', order.id, 'order'));
    await json(RevokeResponse, await revoke('jefe', order.id, 'order'));
    expect((await post('/orders/secured/risk/approve', 'admin', { orderId: order.id })).status).toBe(200);
  });

  it('refuses: a reader, a specialist, a made-up id, no live claim, an expired one, a replay, a malformed body; two at once: one wins', async () => {
    const item = await bankItem(6);
    await json(ClaimResponse, await claim('remesas', item.id));
    await expectError(await revoke('lector', item.id), 403, 'access_denied', Msg.notReader);
    await expectError(await revoke('operaciones', item.id), 403, 'access_denied', Msg.missingPermission(Permission.SUPERVISION));
    await expectError(await revoke('jefe', 999_999_999), 404, 'not_found', 'El item 999999999 no existe.');
    await expectError(await revoke('jefe', 999_999_999, 'order'), 404, 'not_found', 'La orden 999999999 no existe.');
    await expectError(await post(SupervisionPaths.release, 'jefe', { kind: 'item', id: 'x' }), 400, 'invalid_request', 'El id debe ser un número.');
    await expectError(await post(SupervisionPaths.release, 'jefe', { kind: 'customer', id: 1 }), 400, 'invalid_request', 'El tipo de reserva no es válido.');
    const other = await bankItem(7);
    await expectError(await revoke('jefe', other.id), 409, 'conflict', ClaimMsg.noLiveClaim);
    const answers = await Promise.all([revoke('jefe', item.id), revoke('admin', item.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    // A replay of the release finds nothing held.
    await expectError(await revoke('jefe', item.id), 409, 'conflict', ClaimMsg.noLiveClaim);
    expect(await k().selectFrom('action_logs').select('id').where('action', '=', 'claim.revoke').where('doc_id', '=', String(item.orderId)).execute()).toHaveLength(1);
    // An expired claim is no claim to release.
    await k().deleteFrom('claims').execute();
    await json(ClaimResponse, await claim('remesas', other.id));
    server.clock.t = TEST_NOW + 5 * MIN;
    await expectError(await revoke('jefe', other.id), 409, 'conflict', ClaimMsg.noLiveClaim);
    server.clock.t = TEST_NOW;
    await k().deleteFrom('claims').execute();
  });

  it('the claim chart refuses a revocation by someone who is not a lead, whatever route asked', async () => {
    const item = await bankItem(8);
    await json(ClaimResponse, await claim('remesas', item.id));
    const specialist = { accountId: ids.operaciones!, name: 'Oscar Operaciones', permissions: new Set<string>([Permission.EDITOR, Permission.OPERATIONS_SPECIALIST]) };
    await expect(k().transaction().execute((trx) => revokeClaim(trx, { kind: 'item', id: item.id }, specialist as never, TEST_NOW))).rejects.toMatchObject({ status: 409, message: ClaimMsg.notLead });
    expect((await held()).map((c) => c.id)).toContain(item.id);
    await k().deleteFrom('claims').execute();
  });
});
