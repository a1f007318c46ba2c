import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, type TestServer } from '../support/server';
import { Approval, ApprovalsResponse } from '@/api/contract/approvals';
import { ApprovalMsg, FOUR_EYES_HOURS } from '@/domain/approvals';
import { APPROVAL_READERS } from '@/domain/permissions';
import { RefundMsg } from '@/domain/order-actions';
import { LIFECYCLES } from '../../server/lifecycles';
import { persona } from '../support/chart-checks';
import { historyOf } from '../support/first-moments';
import { inputOf } from '@/api/contract/chart-snapshot';
import { restoredChart } from '@/machines/lifecycle/restore';
import { offered } from '@/machines/lifecycle/table';
import { approval as approvalLifecycle } from '@/machines/queue/approval.machine';

/**
 * Four-eyes approval (issue 14 §6) through the real routes and database: above the threshold an
 * action waits (202) and changes nothing; another person with the same permissions approves it
 * (the action is done then, as theirs) or rejects it; one's own request, an expired one, a decided
 * one, a reader and a made-up one are refused and change nothing.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['admin', 'soporte', 'fraude', 'operaciones', 'lector'], { tokens });
});
afterAll(() => server.close());

const post = (path: string, body: unknown, token: string, headers: Record<string, string> = {}) =>
  server.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), ...headers }, body: JSON.stringify(body) });
const description = async (r: Response) => ((await r.json()) as { error_description: string }).error_description;
const requested = async (r: Response) => {
  expect(r.status).toBe(202);
  const body = (await r.json()) as { code: number; data: null; approval: unknown };
  expect([body.code, body.data]).toEqual([0, null]);
  return v.parse(Approval, body.approval);
};
const pending = async (token = tokens.admin!, list = 'pending') =>
  v.parse(ApprovalsResponse, await (await server.app.request(`/orders/secured/approvals?list=${list}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.elements;

/** An open order whose one offer costs `price` USD, nothing refunded, one payment. */
let used = 0;
async function orderWithOffer(price: number) {
  const orders = await k().selectFrom('orders as o').innerJoin('fulfillment_orders as f', 'f.order_id', 'o.id').select(['o.id', 'f.id as offer']).orderBy('o.id', 'desc').execute();
  const ids = [...new Set(orders.map((o) => o.id))];
  const id = ids[used++]!;
  const offer = orders.find((o) => o.id === id)!.offer;
  await k().updateTable('orders').set({ status: 'OPEN', total_refund_allowed: 0, total_price: price, currency: 'USD' }).where('id', '=', id).execute();
  await k().updateTable('fulfillment_orders').set({ status: 'OPEN', refunded: 0, credited: 0, previous_status: null, price }).where('order_id', '=', id).execute();
  await k().updateTable('order_items').set({ status: 'OPEN', product_type: 'SALDO' }).where('order_id', '=', id).execute();
  await k().deleteFrom('payment_orders').where('order_id', '=', id).where('id', 'not in', (eb) => eb.selectFrom('payment_orders').select((e) => e.fn.min('id').as('m')).where('order_id', '=', id)).execute();
  return { id, offer };
}
const refundedOf = async (offer: number) => (await k().selectFrom('fulfillment_orders').select('refunded').where('id', '=', offer).executeTakeFirstOrThrow()).refunded;
const refund = (o: { id: number; offer: number }, amount: number, token: string) => post('/orders/secured/refund/payment', { orderId: o.id, foIds: [o.offer], amount }, token);
const logs = async (orderId: number) => k().selectFrom('action_logs').select(['action', 'executor_email']).where('doc_code', '=', 'ORDER').where('doc_id', '=', String(orderId)).orderBy('id').execute();

describe('four-eyes approval', () => {
  it('a refund below the threshold is done at once; above it waits, changes nothing and is listed', async () => {
    const small = await orderWithOffer(800);
    expect((await refund(small, 100, tokens.soporte!)).status).toBe(200);
    expect(await refundedOf(small.offer)).toBe(100);

    const big = await orderWithOffer(800);
    const approval = await requested(await refund(big, 600, tokens.soporte!));
    expect(approval).toMatchObject({ status: 'requested', chart: 'refund', event: 'refund.partial', label: 'Reembolso parcial', docCode: 'ORDER', docId: String(big.id), amount: 600, currency: 'USD', amountUsd: 600, requesterName: 'Sergio Soporte', deciderName: null });
    expect(Date.parse(approval.expiresAt) - Date.parse(approval.requestedAt)).toBe(FOUR_EYES_HOURS * 3_600_000);
    expect(await refundedOf(big.offer)).toBe(0);
    // Only the request is in the order's log.
    expect(await logs(big.id)).toEqual([{ action: 'approval.request', executor_email: 'soporte@consola.example' }]);
    expect((await pending()).map((a) => a.id)).toContain(approval.id);
    // The request's history starts with its first moment, written by the request that asked (issue 40 §4).
    expect((await historyOf(k(), approvalLifecycle.name, approval.id)).map((m) => [...m.step, typeof m.requestId])).toEqual([['', 'created', 'requested', 'string']]);
  });

  it('each person lists the requests they could decide, and their own: a specialist does not read support\'s refunds', async () => {
    const o = await orderWithOffer(800);
    const approval = await requested(await refund(o, 620, tokens.soporte!));
    const ids = async (token: string) => (await pending(token)).map((a) => a.id);
    expect(await ids(tokens.admin!)).toContain(approval.id);
    expect(await ids(tokens.soporte!)).toContain(approval.id);
    expect(await ids(tokens.operaciones!)).not.toContain(approval.id);
  });

  it('the same action on the same entity cannot be asked for twice while it waits (two clicks at once: one request)', async () => {
    const o = await orderWithOffer(900);
    const [a, b] = await Promise.all([refund(o, 700, tokens.soporte!), refund(o, 700, tokens.soporte!)]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    const refused = a.status === 409 ? a : b;
    expect(await description(refused)).toMatch(/^Ya hay una solicitud pendiente de aprobación para esta acción \(solicitud \d+\)\.$/);
    expect((await pending()).filter((p) => p.docId === String(o.id))).toHaveLength(1);
  });

  it('the requester cannot approve or reject their own request; a reader and someone without the permission get 403; nothing changes', async () => {
    const o = await orderWithOffer(800);
    const approval = await requested(await refund(o, 650, tokens.soporte!));
    for (const path of ['/orders/secured/approvals/approve', '/orders/secured/approvals/reject']) {
      const own = await post(path, { id: approval.id }, tokens.soporte!);
      expect(own.status).toBe(409);
      expect(await description(own)).toBe(ApprovalMsg.samePerson);
      expect((await post(path, { id: approval.id }, tokens.lector!)).status).toBe(403);
      // fraude holds the editor flag but not CRM7_DO_ACTION, which the refund needs.
      expect((await post(path, { id: approval.id }, tokens.fraude!)).status).toBe(403);
    }
    expect(await refundedOf(o.offer)).toBe(0);
    expect((await pending()).find((p) => p.id === approval.id)?.status).toBe('requested');
  });

  it('another person approves: the refund is done as theirs, once, and every move is a transition with its request id', async () => {
    const o = await orderWithOffer(800);
    const approval = await requested(await refund(o, 650, tokens.soporte!));
    const approved = await post('/orders/secured/approvals/approve', { id: approval.id }, tokens.admin!, { 'x-request-id': 'req-approve-0001' });
    expect(approved.status).toBe(200);
    expect(approved.headers.get('x-request-id')).toBe('req-approve-0001');
    expect(v.parse(Approval, ((await approved.json()) as { data: unknown }).data)).toMatchObject({ id: approval.id, status: 'approved', deciderName: 'Ana Administradora' });
    expect(await refundedOf(o.offer)).toBe(650);
    expect(await logs(o.id)).toEqual([
      { action: 'approval.request', executor_email: 'soporte@consola.example' },
      { action: 'refund.partial', executor_email: 'admin@consola.example' },
      { action: 'approval.approve', executor_email: 'admin@consola.example' },
    ]);
    const moves = await k().selectFrom('transitions').select(['chart', 'entity_id', 'from_state', 'event', 'to_state', 'actor_email', 'request_id']).where('request_id', '=', 'req-approve-0001').orderBy('id').execute();
    expect(moves).toEqual([
      { chart: 'refund', entity_id: String(o.offer), from_state: 'notRefunded', event: 'refund.partial', to_state: 'partiallyRefunded', actor_email: 'admin@consola.example', request_id: 'req-approve-0001' },
      { chart: 'approval', entity_id: String(approval.id), from_state: 'requested', event: 'approval.approve', to_state: 'approved', actor_email: 'admin@consola.example', request_id: 'req-approve-0001' },
    ]);
    // Decided: approving or rejecting again is refused and refunds nothing more.
    for (const path of ['/orders/secured/approvals/approve', '/orders/secured/approvals/reject']) {
      const again = await post(path, { id: approval.id }, tokens.admin!);
      expect(again.status).toBe(409);
      expect(await description(again)).toBe(ApprovalMsg.decided);
    }
    expect(await refundedOf(o.offer)).toBe(650);
    expect((await pending(tokens.admin!, 'decided')).find((p) => p.id === approval.id)?.status).toBe('approved');
  });

  it('two approvers at once: one approves, the other is refused; the refund is done once', async () => {
    const o = await orderWithOffer(800);
    const approval = await requested(await refund(o, 700, tokens.soporte!));
    const [a, b] = await Promise.all([post('/orders/secured/approvals/approve', { id: approval.id }, tokens.admin!), post('/orders/secured/approvals/approve', { id: approval.id }, tokens.admin!)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await refundedOf(o.offer)).toBe(700);
  });

  it('approval re-checks the action: if the entity moved on meanwhile, the approval is refused with the action\'s reason', async () => {
    const o = await orderWithOffer(800);
    const approval = await requested(await refund(o, 700, tokens.soporte!));
    expect((await refund(o, 200, tokens.soporte!)).status).toBe(200);
    const late = await post('/orders/secured/approvals/approve', { id: approval.id }, tokens.admin!);
    // 700 is now more than is left: the refund chart's own reason (issue 38).
    expect([late.status, await description(late)]).toEqual([409, RefundMsg.amountTooHigh]);
    expect(await refundedOf(o.offer)).toBe(200);
    expect((await pending()).find((p) => p.id === approval.id)?.status).toBe('requested');
  });

  it('a rejected request does nothing; the action may be asked for again', async () => {
    const o = await orderWithOffer(800);
    const approval = await requested(await refund(o, 600, tokens.soporte!));
    const rejected = await post('/orders/secured/approvals/reject', { id: approval.id }, tokens.admin!);
    expect(rejected.status).toBe(200);
    expect(((await rejected.json()) as { data: { status: string } }).data.status).toBe('rejected');
    expect(await refundedOf(o.offer)).toBe(0);
    expect((await requested(await refund(o, 600, tokens.soporte!))).id).toBeGreaterThan(approval.id);
  });

  it('an expired request cannot be decided; asking again records the expiry and makes a new request', async () => {
    const o = await orderWithOffer(800);
    const approval = await requested(await refund(o, 600, tokens.soporte!));
    const start = server.clock.t;
    server.clock.t = start + FOUR_EYES_HOURS * 3_600_000;
    try {
      // A day later: the morning's sessions are over.
      await server.signInAll(['admin', 'soporte'], { tokens });
      const late = await post('/orders/secured/approvals/approve', { id: approval.id }, tokens.admin!);
      expect(late.status).toBe(409);
      expect(await description(late)).toBe(ApprovalMsg.expired);
      expect(await refundedOf(o.offer)).toBe(0);
      expect((await pending()).some((p) => p.id === approval.id)).toBe(false);
      expect((await pending(tokens.admin!, 'decided')).find((p) => p.id === approval.id)?.status).toBe('expired');
      const asked = await refund(o, 600, tokens.soporte!);
      if (asked.status !== 202) throw new Error(await asked.text());
      const again = await requested(asked);
      expect(again.id).not.toBe(approval.id);
      const expiry = await k().selectFrom('transitions').select(['from_state', 'event', 'to_state']).where('chart', '=', 'approval').where('entity_id', '=', String(approval.id)).orderBy('id').execute();
      expect(expiry).toEqual([
        { from_state: '', event: 'created', to_state: 'requested' },
        { from_state: 'requested', event: 'approval.expire', to_state: 'expired' },
      ]);
    } finally {
      server.clock.t = start;
      await server.signInAll(['admin', 'soporte'], { tokens });
    }
  });

  it('credit added above the threshold waits (its currency weighed at the current rate); taking credit away and minutes do not', async () => {
    const account = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
    const change = (body: Record<string, unknown>) => post('/users/secured/addremove/credit', { accountId: account, ...body }, tokens.soporte!);
    const usd = await requested(await change({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 600 }));
    expect(usd).toMatchObject({ chart: 'customerCredit', docCode: 'CUSTOM', docId: String(account), amount: 600, currency: 'USD', amountUsd: 600 });
    const rate = (await k().selectFrom('exchange_rates').select('rate').where('base', '=', 'USD').where('currency', '=', 'EUR').executeTakeFirst())?.rate;
    if (rate) {
      const eur = await change({ creditType: 'EUR_CREDIT', trnType: 'INCREASE', amount: 400 });
      expect(eur.status).toBe(400 / rate > 500 ? 202 : 200);
    }
    expect((await change({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 20 })).status).toBe(200);
    expect((await change({ creditType: 'CALL_CREDIT', trnType: 'DECREASE', amount: 10 })).status).toBe(200);
    expect((await change({ creditType: 'FREE_MIN_STANDARD', trnType: 'INCREASE', amount: 5000 })).status).toBe(200);
  });

  it('bad requests: a missing or malformed id is 400 with the Spanish text, a made-up one 404, a reader cannot list', async () => {
    expect((await post('/orders/secured/approvals/approve', {}, tokens.admin!)).status).toBe(400);
    for (const body of [{ id: 'x' }, { id: -1 }, { id: 1.5 }]) {
      const r = await post('/orders/secured/approvals/approve', body, tokens.admin!);
      expect(r.status).toBe(400);
      expect(await description(r)).toBe(ApprovalMsg.id);
    }
    const missing = await post('/orders/secured/approvals/approve', { id: 999_999 }, tokens.admin!);
    expect(missing.status).toBe(404);
    expect(await description(missing)).toBe(ApprovalMsg.notFound(999_999));
    expect((await server.app.request('/orders/secured/approvals', { headers: { authorization: `Bearer ${tokens.lector}` } })).status).toBe(403);
    expect((await server.app.request('/orders/secured/approvals?list=nope', { headers: { authorization: `Bearer ${tokens.admin}` } })).status).toBe(400);
  });

  it('the threshold is configuration: with a higher one the same refund is done at once', async () => {
    const generous = await createTestServer({ fourEyes: { thresholdUsd: 10_000, hours: 24, windowHours: 24 } });
    try {
      const token = (await generous.signIn('soporte')).access_token;
      const o = (await generous.db.kysely.selectFrom('fulfillment_orders').select(['id', 'order_id']).orderBy('id', 'desc').executeTakeFirstOrThrow());
      await generous.db.kysely.updateTable('orders').set({ status: 'OPEN' }).where('id', '=', o.order_id).execute();
      await generous.db.kysely.updateTable('fulfillment_orders').set({ status: 'OPEN', refunded: 0, price: 800 }).where('id', '=', o.id).execute();
      await generous.db.kysely.updateTable('order_items').set({ status: 'OPEN', product_type: 'SALDO' }).where('fulfillment_order_id', '=', o.id).execute();
      await generous.db.kysely.deleteFrom('payment_orders').where('order_id', '=', o.order_id).where('id', 'not in', (eb) => eb.selectFrom('payment_orders').select((e) => e.fn.min('id').as('m')).where('order_id', '=', o.order_id)).execute();
      const r = await generous.app.request('/orders/secured/refund/payment', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }, body: JSON.stringify({ orderId: o.order_id, foIds: [o.id], amount: 700 }) });
      expect(r.status).toBe(200);
    } finally {
      await generous.close();
    }
  });

  it('the list is for exactly those who hold a permission some four-eyes action needs, and every four-eyes row has its amount reader', () => {
    const rows = LIFECYCLES.flatMap((b) => b.lifecycle.rows.filter((row) => row.fourEyes).map((row) => ({ b, row })));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const needed = new Set(rows.flatMap(({ row }) => (typeof row.permissions === 'function' ? [] : row.permissions)));
    expect([...needed].sort()).toEqual([...APPROVAL_READERS].sort());
    for (const { b, row } of rows) expect(b.amounts?.[row.fourEyes!], `${b.lifecycle.name}.${row.event}`).toBeTypeOf('function');
  });
});

describe("the approvals read carries each request's chart, as its store computes it for the reader (issue 25 §1)", () => {
  const idOf = async (username: string) => (await k().selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  /** The buttons the page shows a person for a listed request: its chart restored from the read's snapshot. */
  const offeredTo = (username: string, listed: { charts?: Parameters<typeof inputOf>[0] } | undefined) => {
    const chart = restoredChart(approvalLifecycle.machine, { ...inputOf(listed?.charts, approvalLifecycle.name), permissions: persona(username) });
    return approvalLifecycle.rows.filter((row) => offered(row, chart)).map((row) => row.event);
  };
  const listed = async (username: string, id: number, list = 'pending') => (await pending(tokens[username], list)).find((a) => a.id === id);

  it("the snapshot is the stored status with the reader as the actor: another person is offered both decisions and the mover takes one; the requester is offered none and refused", async () => {
    const o = await orderWithOffer(800);
    const asked = await requested(await refund(o, 640, tokens.soporte!));
    const forAdmin = await listed('admin', asked.id);
    expect(forAdmin?.charts).toEqual([{ chart: 'approval', state: 'requested', facts: { requesterId: await idOf('soporte'), actorId: await idOf('admin'), needs: asked.needs, expired: false } }]);
    expect(offeredTo('admin', forAdmin)).toEqual(['approval.approve', 'approval.reject']);

    const forRequester = await listed('soporte', asked.id);
    expect(inputOf(forRequester?.charts, 'approval')).toMatchObject({ actorId: await idOf('soporte') });
    expect(offeredTo('soporte', forRequester)).toEqual([]);
    const own = await post('/orders/secured/approvals/approve', { id: asked.id }, tokens.soporte!);
    expect([own.status, await description(own)]).toEqual([409, ApprovalMsg.samePerson]);

    expect((await post('/orders/secured/approvals/approve', { id: asked.id }, tokens.admin!)).status).toBe(200);
    expect(await refundedOf(o.offer)).toBe(640);
  });

  it('already decided: the decided list says so, nothing is offered, and the mover refuses it again changing nothing', async () => {
    const o = await orderWithOffer(800);
    const asked = await requested(await refund(o, 610, tokens.soporte!));
    expect((await post('/orders/secured/approvals/reject', { id: asked.id }, tokens.admin!)).status).toBe(200);
    expect(await listed('admin', asked.id)).toBeUndefined();
    const decided = await listed('admin', asked.id, 'decided');
    expect(decided?.charts?.[0]?.state).toBe('rejected');
    expect(offeredTo('admin', decided)).toEqual([]);
    const before = await logs(o.id);
    for (const path of ['/orders/secured/approvals/approve', '/orders/secured/approvals/reject']) {
      const again = await post(path, { id: asked.id }, tokens.admin!);
      expect([again.status, await description(again)]).toEqual([409, ApprovalMsg.decided]);
    }
    expect([await refundedOf(o.offer), await logs(o.id)]).toEqual([0, before]);
  });

  it("out of time: the snapshot says expired by the server's clock, nothing is offered and the mover refuses", async () => {
    const o = await orderWithOffer(800);
    const asked = await requested(await refund(o, 630, tokens.soporte!));
    const start = server.clock.t;
    server.clock.t = start + FOUR_EYES_HOURS * 3_600_000;
    try {
      tokens.admin = (await server.signIn('admin')).access_token;
      const late = await listed('admin', asked.id, 'decided');
      expect(inputOf(late?.charts, 'approval')).toMatchObject({ status: 'requested', expired: true });
      expect(offeredTo('admin', late)).toEqual([]);
      const refused = await post('/orders/secured/approvals/approve', { id: asked.id }, tokens.admin);
      expect([refused.status, await description(refused)]).toEqual([409, ApprovalMsg.expired]);
    } finally {
      server.clock.t = start;
      tokens.admin = (await server.signIn('admin')).access_token;
    }
    expect(await refundedOf(o.offer)).toBe(0);
  });

  it("another team's request is not listed to them (no snapshot, nothing offered) and deciding it is forbidden; a made-up one is not found", async () => {
    const o = await orderWithOffer(800);
    const asked = await requested(await refund(o, 620, tokens.soporte!));
    const theirs = await listed('operaciones', asked.id);
    expect(theirs).toBeUndefined();
    expect(offeredTo('operaciones', theirs)).toEqual([]);
    for (const path of ['/orders/secured/approvals/approve', '/orders/secured/approvals/reject']) {
      expect((await post(path, { id: asked.id }, tokens.operaciones!)).status).toBe(403);
    }
    const missing = await post('/orders/secured/approvals/approve', { id: 999_998 }, tokens.admin!);
    expect([missing.status, await description(missing)]).toEqual([404, ApprovalMsg.notFound(999_998)]);
    expect([await refundedOf(o.offer), (await listed('admin', asked.id))?.status]).toEqual([0, 'requested']);
  });
});
