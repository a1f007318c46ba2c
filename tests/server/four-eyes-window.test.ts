import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, type TestServer } from '../support/server';
import { Approval, ApprovalsResponse } from '@/api/contract/approvals';
import { ApprovalMsg, FOUR_EYES_WINDOW_HOURS, windowNote } from '@/domain/approvals';
import { loadConfig } from '../../server/config';
import { FOUR_EYES, GATES, LIFECYCLES } from '../../server/lifecycles';
import { loadPrincipal } from '../../server/auth/principals';
import { inTransaction } from '../../server/db/transaction';
import { moveAll, recordsOf } from '../../server/lifecycle/move';
import type { ActionContext } from '../../server/lifecycle/binding';
import { rowFor } from '@/machines/lifecycle/table';
import { RefundMsg } from '@/domain/order-actions';

/**
 * Four-eyes that cannot be split (issue 28 §4), through the real routes and database: the
 * threshold weighs what one person did of one kind to one customer or order within the rolling
 * window (FOUR_EYES_WINDOW_HOURS) with the request; the request that brings the sum over it waits
 * and names the earlier ones. Another customer, another person, an approved request and a window
 * that has passed do not count; a batch counts as its sum; two requests at once cannot both slip
 * under; bad input is refused before anything is weighed.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;
const HOUR = 3_600_000;

const signInAll = async () => {
  await server.signInAll(['admin', 'soporte'], { tokens });
};
beforeAll(async () => {
  server = await createTestServer();
  await signInAll();
});
afterAll(() => server.close());

/** Runs `work` with the server's clock moved `hours` ahead (sessions signed in again), then puts it back. */
async function later<T>(hours: number, work: () => Promise<T>): Promise<T> {
  const start = server.clock.t;
  server.clock.t = start + hours * HOUR;
  try {
    await signInAll();
    return await work();
  } finally {
    server.clock.t = start;
    await signInAll();
  }
}

const post = (path: string, body: unknown, token: string) =>
  server.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }, body: JSON.stringify(body) });
const description = async (r: Response) => ((await r.json()) as { error_description: string }).error_description;
const requested = async (r: Response) => {
  if (r.status !== 202) throw new Error(`${r.status} ${await r.text()}`);
  return v.parse(Approval, ((await r.json()) as { approval: unknown }).approval);
};
const done = async (r: Response) => {
  if (r.status !== 200) throw new Error(`${r.status} ${await r.text()}`);
};
const pending = async (token = tokens.admin!) =>
  v.parse(ApprovalsResponse, await (await server.app.request('/orders/secured/approvals?list=pending', { headers: { authorization: `Bearer ${token}` } })).json()).data.elements;

/** Customers for the credit cases, each used by one test. */
let customers: number[] = [];
const customer = () => customers.shift()!;
beforeAll(async () => {
  customers = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').limit(20).execute()).map((a) => a.id);
});
const credit = (accountId: number, amount: number, token = tokens.soporte!) => post('/users/secured/addremove/credit', { accountId, creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount }, token);
const ledgerOf = (docId: number) => k().selectFrom('four_eyes_ledger').select(['actor_id', 'kind', 'event', 'entity_id', 'amount', 'amount_usd']).where('doc_id', '=', String(docId)).orderBy('id').execute();

/** Open orders with `prices.length` offers priced so, nothing refunded, one payment. */
const usedOrders = new Set<number>();
async function orderWithOffers(...prices: number[]) {
  const rows = await k().selectFrom('fulfillment_orders').select(['id', 'order_id']).orderBy('order_id', 'desc').orderBy('id').execute();
  const byOrder = new Map<number, number[]>();
  for (const r of rows) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), r.id]);
  const [id, offers] = [...byOrder].find(([order, offers]) => !usedOrders.has(order) && offers.length === prices.length)!;
  usedOrders.add(id);
  const total = prices.reduce((a, b) => a + b, 0);
  await k().updateTable('orders').set({ status: 'OPEN', total_refund_allowed: 0, total_price: total, currency: 'USD' }).where('id', '=', id).execute();
  for (const [i, offer] of offers.entries()) await k().updateTable('fulfillment_orders').set({ status: 'OPEN', refunded: 0, credited: 0, previous_status: null, price: prices[i]! }).where('id', '=', offer).execute();
  await k().updateTable('order_items').set({ status: 'OPEN', product_type: 'SALDO' }).where('order_id', '=', id).execute();
  await k().deleteFrom('payment_orders').where('order_id', '=', id).where('id', 'not in', (eb) => eb.selectFrom('payment_orders').select((e) => e.fn.min('id').as('m')).where('order_id', '=', id)).execute();
  return { id, offers };
}
const refund = (o: { id: number }, foIds: number[], body: Record<string, unknown>, token = tokens.soporte!) => post('/orders/secured/refund/payment', { orderId: o.id, foIds, ...body }, token);
const refundedOf = async (offer: number) => (await k().selectFrom('fulfillment_orders').select('refunded').where('id', '=', offer).executeTakeFirstOrThrow()).refunded;

describe('four-eyes weighs one person, one kind, one customer or order, within the window', () => {
  it("the issue's case: 600 waits; 300 goes, the next 300 waits naming it; another customer, another person and a passed window go through", async () => {
    const twelve = customer();
    const other = customer();
    const big = await requested(await credit(twelve, 600));
    expect(big.window).toBeNull();

    await done(await credit(twelve, 300));
    const second = await requested(await credit(twelve, 300));
    expect(second).toMatchObject({ chart: 'customerCredit', docCode: 'CUSTOM', docId: String(twelve), amount: 300, currency: 'USD', amountUsd: 300 });
    // The waiting 600 did nothing and does not count; the 300 done does.
    expect(second.window).toMatchObject({ hours: FOUR_EYES_WINDOW_HOURS, sumUsd: 600, earlier: [{ label: 'Agregar o quitar crédito', entityId: String(twelve), amount: 300, currency: 'USD', amountUsd: 300 }] });
    expect(second.window!.earlier[0]!.at).toBe(new Date(server.clock.t).toISOString());
    // The same ask again while it waits is the same request: refused naming it.
    const again = await credit(twelve, 300);
    expect([again.status, await description(again)]).toEqual([409, ApprovalMsg.pending(second.id)]);
    // Both requests wait for a second person; only the first 300 was done.
    expect((await pending()).filter((a) => a.docId === String(twelve)).map((a) => a.id)).toEqual([big.id, second.id]);
    expect(await ledgerOf(twelve)).toHaveLength(1);

    await done(await credit(other, 300));
    await done(await credit(twelve, 300, tokens.admin!));

    // 23 hours later the first 300 still counts; 24 hours after it, it no longer does.
    await later(23, async () => expect((await requested(await credit(twelve, 250))).window?.sumUsd).toBe(550));
    await later(FOUR_EYES_WINDOW_HOURS, async () => done(await credit(twelve, 300)));
    expect((await ledgerOf(twelve)).map((l) => l.amount)).toEqual([300, 300, 300]);
  });

  it('the wording: the 202 answer carries the window, the list shows it, and the action log says it', async () => {
    const c = customer();
    await done(await credit(c, 400));
    const asked = await requested(await credit(c, 200));
    expect(windowNote(asked.window!)).toBe('Suma 600,00 USD con 1 acción anterior de la misma persona en 24 h');
    expect(windowNote({ hours: 24, sumUsd: 1234.5, earlier: [1, 2] })).toBe('Suma 1234,50 USD con 2 acciones anteriores de la misma persona en 24 h');
    expect((await pending()).find((a) => a.id === asked.id)?.window).toEqual(asked.window);
    const log = await k().selectFrom('action_logs').select('description').where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(c)).where('action', '=', 'approval.request').executeTakeFirstOrThrow();
    expect(log.description).toBe(`Solicitó la aprobación de Agregar o quitar crédito por 200,00 USD (solicitud ${asked.id}; suma 600,00 USD con 1 acción anterior de la misma persona en 24 h)`);
  });

  it('a refund split the same way: a partial refund, then the rest in full, waits at the second (one kind: refund)', async () => {
    const o = await orderWithOffers(800);
    const [offer] = o.offers as [number];
    await done(await refund(o, [offer], { amount: 300 }));
    const rest = await requested(await refund(o, [offer], { total: true }));
    expect(rest).toMatchObject({ chart: 'refund', event: 'refund.full', amount: 500, window: { sumUsd: 800, earlier: [{ label: 'Reembolso parcial', amount: 300 }] } });
    expect(await refundedOf(offer)).toBe(300);
    expect((await ledgerOf(o.id)).map((l) => [l.kind, l.event, l.amount])).toEqual([['refund', 'refund.partial', 300]]);
  });

  it('a batch counts as its sum: two offers refunded in one request are weighed together, with the window, and each is written', async () => {
    // 550 in one request waits, though each offer is below the threshold.
    const alone = await orderWithOffers(250, 300);
    expect(await requested(await refund(alone, alone.offers, { total: true }))).toMatchObject({ amount: 550, window: null });

    const o = await orderWithOffers(250, 300);
    const [a, b] = o.offers as [number, number];
    await done(await refund(o, [a], { amount: 100 }));
    // 150 + 300 = 450 alone, 550 with the earlier 100: waits, naming it.
    const batch = await requested(await refund(o, [a, b], { total: true }));
    expect(batch).toMatchObject({ amount: 450, entityId: `${a},${b}`, window: { sumUsd: 550, earlier: [{ amount: 100, entityId: String(a) }] } });

    const small = await orderWithOffers(100, 150);
    await done(await refund(small, small.offers, { total: true }));
    expect((await ledgerOf(small.id)).map((l) => [l.entity_id, l.amount])).toEqual([
      [String(small.offers[0]), 100],
      [String(small.offers[1]), 150],
    ]);
  });

  it('an approved request was seen by another person: it does not count again (for its requester or its approver)', async () => {
    const c = customer();
    const asked = await requested(await credit(c, 600));
    await done(await post('/orders/secured/approvals/approve', { id: asked.id }, tokens.admin!));
    expect(await ledgerOf(c)).toEqual([]);
    await done(await credit(c, 300));
    await done(await credit(c, 300, tokens.admin!));
    // A rejected request did nothing either.
    const rejected = await requested(await credit(c, 700));
    await done(await post('/orders/secured/approvals/reject', { id: rejected.id }, tokens.admin!));
    await done(await credit(c, 150));
    expect((await ledgerOf(c)).map((l) => l.amount)).toEqual([300, 300, 150]);
  });

  it('two requests of one person at once cannot both slip under: one is done, the other waits naming it', async () => {
    const c = customer();
    const answers = await Promise.all([credit(c, 300), credit(c, 301)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 202]);
    const waiting = await requested(answers.find((r) => r.status === 202)!);
    const ledger = await ledgerOf(c);
    expect(ledger).toHaveLength(1);
    expect(waiting.window).toMatchObject({ sumUsd: 601, earlier: [{ amount: ledger[0]!.amount }] });
  });

  it('bad input is refused with its 400, and a refund the chart refuses with its 409, before anything is weighed or written', async () => {
    const c = customer();
    await done(await credit(c, 450));
    for (const amount of [-5, 'x', 1e12]) {
      const bad = await credit(c, amount as number);
      expect(bad.status).toBe(400);
      expect(await description(bad)).toMatch(/\S/);
    }
    const o = await orderWithOffers(300);
    await done(await refund(o, o.offers, { amount: 200 }));
    // More than is left: the refund chart answers (issue 38), not four-eyes.
    const tooMuch = await refund(o, o.offers, { amount: 400 });
    expect([tooMuch.status, await description(tooMuch)]).toEqual([409, RefundMsg.amountTooHigh]);
    expect((await pending()).some((a) => a.docId === String(c) || a.docId === String(o.id))).toBe(false);
    expect((await ledgerOf(c)).map((l) => l.amount)).toEqual([450]);
  });
});

describe('the window as configuration and as a bulk caller uses it', () => {
  it('FOUR_EYES_WINDOW_HOURS sets the window (24 h by default)', () => {
    expect(loadConfig({}).fourEyes.windowHours).toBe(24);
    expect(loadConfig({ FOUR_EYES_WINDOW_HOURS: '6' }).fourEyes.windowHours).toBe(6);
  });

  it('a caller that weighed a batch (FourEyes.weigh) moves each record with `weighed`: not weighed alone again, each written to the ledger', async () => {
    const o = await orderWithOffers(300, 350);
    const session = await loadPrincipal(k(), tokens.soporte!, server.clock.t);
    if (!session.ok) throw new Error(session.reason);
    const ctx: ActionContext = { db: k(), principal: session.principal, now: server.clock.t, config: server.config, requestId: null, gates: GATES };
    const binding = LIFECYCLES.find((b) => b.lifecycle.name === 'refund')!;
    const row = rowFor(binding.lifecycle.rows, 'refund.full')!;
    const request = { query: {}, params: {}, body: { orderId: o.id, foIds: o.offers, total: true } };
    // The batch as one: 650, above the threshold, one request naming both offers.
    const asked = await inTransaction(server.db, async (trx) => FOUR_EYES.weigh({ trx, ctx, binding, row, request, records: await recordsOf(trx, binding, row, request) }));
    expect(asked).toMatchObject({ amount: 650, entityId: o.offers.join(',') });
    // Each entry in its own transaction, as a bulk decision does once its batch went ahead: the gate does not weigh it again.
    for (const offer of o.offers) {
      const one = { ...request, body: { ...request.body, foIds: [offer] } };
      await inTransaction(server.db, async (trx) => {
        const records = await recordsOf(trx, binding, row, one);
        for (const gate of GATES) expect((await gate.request?.({ trx, ctx: { ...ctx, weighed: true }, binding, row, request: one, records })) ?? null).toBeNull();
        await moveAll(trx, { ...ctx, weighed: true }, binding, row, one, records);
      });
    }
    expect((await ledgerOf(o.id)).map((l) => l.amount)).toEqual([300, 350]);
  });
});
