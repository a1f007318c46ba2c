import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { json } from '../support/expect-http';
import { AppliedRulesResponse, OfferItemsResponse, OffersResponse } from '@/api/contract/order-detail';
import { OrdersResponse } from '@/api/contract/order-lists';
import { inputOf, type ChartSnapshot } from '@/api/contract/chart-snapshot';
import { ALL_PERMISSIONS } from '@/domain/permissions';
import { ItemRefused } from '@/domain/order-status';
import { restoredChart } from '@/machines/lifecycle/restore';
import { offered, requestRefusal, rowFor, rowRefusal, type AnyLifecycle } from '@/machines/lifecycle/table';
import { wireRequestOf } from '@/api/actions';
import { OrderRefused, RefundMsg } from '@/domain/order-actions';
import { Msg } from '@/domain/messages';
import { offer } from '@/machines/order/offer.machine';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { pickupCash } from '@/machines/items/pickup-cash.machine';
import { prepaidCard } from '@/machines/items/prepaid-card.machine';
import { topupItem } from '@/machines/items/topup.machine';
import { topupClaim } from '@/machines/items/topup-claim.machine';
import { order as orderLifecycle } from '@/machines/order/order.machine';
import { refund } from '@/machines/order/refund.machine';
import { paymentRule } from '@/machines/order/payment-rule.machine';
import type { ItemSubject } from '@/machines/items/item';
import { snapshotOfKey } from '../../server/lifecycle/snapshot';
import { offerBinding, refundBinding } from '../../server/order/order-actions';
import { TEST_NOW } from '../support/test-database';

/**
 * Issue 25 §1, part E, through the reference server: the reads the order page acts on carry each
 * chart's snapshot as the mover restores it (the order on its one-order read, each offer's refund
 * beside its pass to credit, each item's product chart and a top-up's claims, each applied rule's), and the page,
 * restoring from them, offers what the server then allows and states the refusal it answers.
 */

let server: TestServer;
let token: string;
let admin: number;
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  token = (await server.signIn('admin')).access_token;
  admin = (await k().selectFrom('accounts').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

const itemsOf = async (offerId: number) => (await json(OfferItemsResponse, await server.get(`/orders/secured/items/list?foId=${offerId}`, token))).data.elements;
const offersOf = async (orderId: number) => (await json(OffersResponse, await server.get(`/orders/secured/fo/list?orderId=${orderId}`, token))).data.elements;
const orderRead = async (orderId: number) => (await json(OrdersResponse, await server.get(`/orders/secured/orders/allHistory?orderId=${orderId}&page=0&size=1`, token))).data.elements[0]!;

/** The chart the page restores from a read's snapshots, for the admin. */
const onPage = (charts: readonly ChartSnapshot[] | undefined, lifecycle: AnyLifecycle) => restoredChart(lifecycle.machine, { ...inputOf(charts, lifecycle.name), permissions: [...ALL_PERMISSIONS] });

const send = (lifecycle: AnyLifecycle, event: string, subject: unknown, payload?: unknown) => sendRow(server, rowFor(lifecycle.rows, event)!, subject, payload, token, { accountId: admin });

/** The first item of a product, with its order and offer. */
async function itemOf(product: string) {
  return k()
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.id', 'i.status', 'i.order_id', 'i.fulfillment_order_id', 'o.status as order_status', 'o.app_name'])
    .where('i.product_type', '=', product)
    .where('i.fulfillment_order_id', 'is not', null)
    .orderBy('i.id')
    .executeTakeFirst();
}

describe('the items read carries each item panel’s charts', () => {
  const CHARTS: Record<string, string[]> = {
    REMESA_BANCARIA: [bankRemittance.name],
    REMESA_A_DOMICILIO: [homeRemittance.name],
    PICKUP_CASH: [pickupCash.name],
    PREPAID_CARD: [prepaidCard.name],
    TOPUP: [topupItem.name, topupClaim.name],
  };

  it.each(Object.entries(CHARTS))('a %s item carries %j, in its stored status with its order’s', async (product, charts) => {
    const row = await itemOf(product);
    if (!row) throw new Error(`no seeded ${product}`);
    const item = (await itemsOf(row.fulfillment_order_id!)).find((i) => i.id === row.id)!;
    expect(item.charts?.map((s) => s.chart)).toEqual(charts);
    const own = item.charts![0]!;
    expect(own.state).toBe(row.status);
    expect(own.facts.orderStatus).toBe(row.order_status);
  });

  it('a top-up’s claims chart counts its claims', async () => {
    const row = (await itemOf('TOPUP'))!;
    const count = Number((await k().selectFrom('topup_claims').select((eb) => eb.fn.countAll().as('n')).where('foi_id', '=', row.id).executeTakeFirstOrThrow()).n);
    const item = (await itemsOf(row.fulfillment_order_id!)).find((i) => i.id === row.id)!;
    expect(inputOf(item.charts, topupClaim.name)).toMatchObject({ claims: count, itemStatus: row.status });
  });

  it('a gift card has no action, so no chart', async () => {
    const row = await itemOf('GIFT_CARD');
    if (!row) return;
    const item = (await itemsOf(row.fulfillment_order_id!)).find((i) => i.id === row.id)!;
    expect(item.charts).toEqual([]);
  });

  it('a MANUAL bank remittance of an order in RISK: the page states the risk review the server answers; once OPEN it offers the approval the server makes', async () => {
    const row = (await itemOf('REMESA_BANCARIA'))!;
    await k().updateTable('order_items').set({ status: 'MANUAL', destination: '9227000011112222', provider: 'BPA' }).where('id', '=', row.id).execute();
    await k().updateTable('orders').set({ status: 'RISK' }).where('id', '=', row.order_id).execute();
    const subject: ItemSubject = { id: row.id, orderId: row.order_id, offerId: row.fulfillment_order_id!, appName: row.app_name };
    const approve = rowFor(bankRemittance.rows, 'item.approve')!;

    const held = onPage((await itemsOf(row.fulfillment_order_id!)).find((i) => i.id === row.id)!.charts, bankRemittance);
    expect(offered(approve, held)).toBe(false);
    expect(rowRefusal(approve, held)).toBe(ItemRefused.orderInReview);
    const refused = await send(bankRemittance, 'item.approve', subject);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error_description: string }).error_description).toBe(ItemRefused.orderInReview);

    await k().updateTable('orders').set({ status: 'OPEN' }).where('id', '=', row.order_id).execute();
    const open = onPage((await itemsOf(row.fulfillment_order_id!)).find((i) => i.id === row.id)!.charts, bankRemittance);
    expect(offered(approve, open)).toBe(true);
    expect((await send(bankRemittance, 'item.approve', subject)).status).toBe(200);
    expect((await itemsOf(row.fulfillment_order_id!)).find((i) => i.id === row.id)!.charts![0]!.state).toBe('TO_ACTIVATE');
  });
});

describe('the offers read carries each offer’s refund chart', () => {
  it('its price and what is refunded: the page offers a refund while something is left, not once all is refunded', async () => {
    const row = (await itemOf('SALDO')) ?? (await itemOf('TOPUP'))!;
    const offerId = row.fulfillment_order_id!;
    const price = (await k().selectFrom('fulfillment_orders').select('price').where('id', '=', offerId).executeTakeFirstOrThrow()).price;
    await k().updateTable('fulfillment_orders').set({ refunded: 0 }).where('id', '=', offerId).execute();
    const before = (await offersOf(row.order_id)).find((o) => o.id === offerId)!;
    expect(before.charts?.map((s) => s.chart)).toEqual(['offer', 'refund']);
    // Its state follows from the facts (no stored status).
    expect(before.charts?.find((c) => c.chart === refund.name)?.state).toBe('');
    expect(inputOf(before.charts, refund.name)).toMatchObject({ price, refunded: 0 });
    expect(onPage(before.charts, refund).value).toBe('notRefunded');

    await k().updateTable('fulfillment_orders').set({ refunded: price }).where('id', '=', offerId).execute();
    const after = (await offersOf(row.order_id)).find((o) => o.id === offerId)!;
    expect(onPage(after.charts, refund).value).toBe('refunded');
    for (const row of refund.rows) expect(offered(row, onPage(after.charts, refund))).toBe(false);
  });
});

describe('the offers read builds every offer’s charts from one read of the order (issue 42 §5)', () => {
  it('an order of several offers, each in facts of its own: each offer carries the very snapshots its own key reads', async () => {
    const several = await k().selectFrom('fulfillment_orders').select('order_id').groupBy('order_id').having((eb) => eb.fn.countAll(), '>=', 2).orderBy('order_id').executeTakeFirstOrThrow();
    const ids = (await k().selectFrom('fulfillment_orders').select(['id', 'price']).where('order_id', '=', several.order_id).orderBy('id').execute());
    // Facts that differ from one offer to the next: a record mixed up between offers would show.
    for (const [n, offer] of ids.entries()) await k().updateTable('fulfillment_orders').set({ refunded: n === 0 ? 0 : offer.price, status: n === 0 ? 'OPEN' : 'CLOSED' }).where('id', '=', offer.id).execute();
    const ctx = { db: k(), principal: undefined as never, now: TEST_NOW, config: server.config, gates: [] };
    const read = await offersOf(several.order_id);
    expect(read.map((o) => o.id)).toEqual(ids.map((o) => o.id));
    for (const offer of read) {
      const key = { order: several.order_id, offer: offer.id };
      expect(offer.charts).toEqual([await snapshotOfKey(ctx, offerBinding, key), await snapshotOfKey(ctx, refundBinding, key)]);
    }
    expect(onPage(read[0]!.charts, refund).value).toBe('notRefunded');
    expect(onPage(read[1]!.charts, refund).value).toBe('refunded');
  });
});

describe('the one-order read carries the order’s chart', () => {
  it('its status, whether its total may be refunded and whether its items finished, its total, whether it has an e-mail and where its closing e-mail went within the window, as the mover reads them; a list carries none', async () => {
    const row = (await itemOf('TOPUP'))!;
    await k().updateTable('orders').set({ status: 'OPEN', total_refund_allowed: 1 }).where('id', '=', row.order_id).execute();
    await k().updateTable('order_items').set({ status: 'OPEN' }).where('order_id', '=', row.order_id).execute();
    const pending = await orderRead(row.order_id);
    expect(inputOf(pending.charts, orderLifecycle.name)).toEqual({ status: 'OPEN', totalRefundAllowed: true, itemsFinished: false, total: pending.totalPrice, email: true, sentWithin: [] });
    expect(onPage(pending.charts, orderLifecycle).can({ type: 'order.settle' })).toBe(false);

    await k().updateTable('order_items').set({ status: 'FULFILLED' }).where('order_id', '=', row.order_id).execute();
    const finished = await orderRead(row.order_id);
    expect(inputOf(finished.charts, orderLifecycle.name)).toMatchObject({ itemsFinished: true });
    expect(onPage(finished.charts, orderLifecycle).can({ type: 'order.settle' })).toBe(true);

    const list = (await json(OrdersResponse, await server.get(`/orders/secured/orders/allHistory?accountId=${(await k().selectFrom('orders').select('account_id').where('id', '=', row.order_id).executeTakeFirstOrThrow()).account_id}&page=0&size=5`, token))).data.elements;
    for (const o of list) expect(o.charts).toBeUndefined();
  });
});

describe('issue 38: the page asks the chart the server asks, from the facts the read carries', () => {
  it('a compensation above the total and an e-mail with no address: the page states the refusal the server answers, with nothing written', async () => {
    const row = (await itemOf('SALDO')) ?? (await itemOf('TOPUP'))!;
    await k().updateTable('orders').set({ status: 'CLOSED', email: null }).where('id', '=', row.order_id).execute();
    const read = await orderRead(row.order_id);
    const page = onPage(read.charts, orderLifecycle);
    const subject = { id: read.id, totalPrice: read.totalPrice, currency: read.currency, email: read.email };
    const compensate = rowFor(orderLifecycle.rows, 'order.compensate')!;
    const above = { full: false, amount: Math.round((read.totalPrice + 1) * 100) / 100 };
    const asked = requestRefusal(compensate, page, wireRequestOf(compensate, subject, above, { accountId: admin, tenant: server.config.tenant })!);
    expect(asked).toBe(OrderRefused.compensationAboveTotal);
    const notify = rowFor(orderLifecycle.rows, 'order.notifyClosed')!;
    expect(requestRefusal(notify, page, wireRequestOf(notify, subject, '', { accountId: admin, tenant: server.config.tenant })!)).toBe(OrderRefused.noEmail);

    const logs = async () => (await k().selectFrom('action_logs').select('id').where('doc_code', '=', 'ORDER').where('doc_id', '=', String(read.id)).execute()).length;
    const before = await logs();
    for (const [event, payload, reason] of [['order.compensate', above, asked], ['order.notifyClosed', '', OrderRefused.noEmail]] as const) {
      const refused = await send(orderLifecycle, event, subject, payload);
      expect([refused.status, ((await refused.json()) as { error_description: string }).error_description], event).toEqual([409, reason]);
    }
    expect(await logs()).toBe(before);
  });

  it('a closing e-mail sent a moment ago: the read carries where it went, the page refuses it again in place, the server with the same text, nothing queued', async () => {
    const row = (await itemOf('SALDO')) ?? (await itemOf('TOPUP'))!;
    await k().updateTable('orders').set({ status: 'CLOSED', email: 'cierre@correo.example' }).where('id', '=', row.order_id).execute();
    const first = await orderRead(row.order_id);
    const subject = { id: first.id, totalPrice: first.totalPrice, currency: first.currency, email: first.email };
    expect(inputOf(first.charts, orderLifecycle.name)).toMatchObject({ sentWithin: [] });
    expect((await send(orderLifecycle, 'order.notifyClosed', subject, '')).status).toBe(200);

    const read = await orderRead(row.order_id);
    expect(inputOf(read.charts, orderLifecycle.name)).toMatchObject({ sentWithin: ['cierre@correo.example', ''] });
    const notify = rowFor(orderLifecycle.rows, 'order.notifyClosed')!;
    const session = { accountId: admin, tenant: server.config.tenant };
    const page = onPage(read.charts, orderLifecycle);
    // The button stays (its form may ask for another address); the same address is refused, another is not.
    expect(offered(notify, page)).toBe(true);
    expect(requestRefusal(notify, page, wireRequestOf(notify, subject, '', session)!)).toBe(Msg.alreadySent);
    expect(requestRefusal(notify, page, wireRequestOf(notify, subject, 'CIERRE@correo.example', session)!)).toBe(Msg.alreadySent);
    expect(requestRefusal(notify, page, wireRequestOf(notify, subject, 'otra@correo.example', session)!)).toBeNull();

    const queued = async () => (await k().selectFrom('outbox_messages').select('id').where('doc_code', '=', 'ORDER').where('doc_id', '=', String(read.id)).execute()).length;
    const before = await queued();
    const refused = await send(orderLifecycle, 'order.notifyClosed', subject, '');
    expect([refused.status, ((await refused.json()) as { error_description: string }).error_description]).toEqual([409, Msg.alreadySent]);
    expect(await queued()).toBe(before);
  });

  it('an offer’s read carries its price, what was refunded and whether the payment is compound: the page refuses what the server refuses', async () => {
    const row = (await itemOf('SALDO')) ?? (await itemOf('TOPUP'))!;
    const offerId = row.fulfillment_order_id!;
    await k().updateTable('orders').set({ status: 'OPEN' }).where('id', '=', row.order_id).execute();
    await k().updateTable('order_items').set({ status: 'OPEN' }).where('fulfillment_order_id', '=', offerId).execute();
    await k().updateTable('fulfillment_orders').set({ status: 'OPEN', price: 10, refunded: 4 }).where('id', '=', offerId).execute();
    const payments = (await k().selectFrom('payment_orders').select('id').where('order_id', '=', row.order_id).execute()).length;
    const read = (await offersOf(row.order_id)).find((o) => o.id === offerId)!;
    expect(inputOf(read.charts, offer.name)).toMatchObject({ price: 10, refunded: 4 });
    expect(inputOf(read.charts, refund.name)).toMatchObject({ price: 10, refunded: 4, compound: payments > 1 });
    const subject = { id: offerId, orderId: row.order_id, title: read.title, currency: 'USD' };
    const session = { accountId: admin, tenant: server.config.tenant };
    const toCredit = rowFor(offer.rows, 'offer.toCredit')!;
    const partial = rowFor(refund.rows, 'refund.partial')!;
    expect(requestRefusal(toCredit, onPage(read.charts, offer), wireRequestOf(toCredit, subject, 6.01, session)!)).toBe(RefundMsg.amountTooHigh);
    expect(requestRefusal(partial, onPage(read.charts, refund), wireRequestOf(partial, subject, { amount: 6.01 }, session)!)).toBe(RefundMsg.amountTooHigh);
    for (const [lifecycle, event, payload] of [[offer, 'offer.toCredit', 6.01], [refund, 'refund.partial', { amount: 6.01 }]] as const) {
      const refused = await send(lifecycle, event, subject, payload);
      expect([refused.status, ((await refused.json()) as { error_description: string }).error_description], event).toEqual([409, RefundMsg.amountTooHigh]);
    }
    expect(await k().selectFrom('fulfillment_orders').select(['status', 'refunded', 'credited']).where('id', '=', offerId).executeTakeFirstOrThrow()).toMatchObject({ status: 'OPEN', refunded: 4 });
  });
});

describe('the applied rules read carries each rule’s chart', () => {
  it('in the gateway’s status: the page offers the e-mail for a PAID rule, not for an AUTHORIZED one', async () => {
    const rule = await k().selectFrom('applied_charge_rules').select(['id', 'order_id']).orderBy('id').executeTakeFirstOrThrow();
    const read = async () => (await json(AppliedRulesResponse, await server.get(`/orders/secured/rules/list?orderId=${rule.order_id}`, token))).data.elements.find((r) => r.id === rule.id)!;
    const notify = rowFor(paymentRule.rows, 'rule.notify')!;
    for (const [status, offers] of [['PAID', true], ['AUTHORIZED', false]] as const) {
      await k().updateTable('applied_charge_rules').set({ status }).where('id', '=', rule.id).execute();
      const charts = (await read()).charts;
      expect(charts?.map((s) => [s.chart, s.state])).toEqual([[paymentRule.name, status]]);
      expect(offered(notify, onPage(charts, paymentRule))).toBe(offers);
    }
  });
});
