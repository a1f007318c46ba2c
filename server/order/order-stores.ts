import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { conflict, notFound } from '../http';
import { iso } from '../clock';
import type { Store, Trx } from '../lifecycle/binding';
import { OrderRefused } from '@/domain/order-actions';
import { balanceOf, REFUND_CREDIT_TYPE } from './credits';

/**
 * Where orders, their offers and their charge rules live for the generic move. An order carries
 * a version: every action on the order or on one of its offers claims it once in its
 * transaction, so of two staff members acting on one order at the same time one wins and the
 * other gets 409 ("Otra persona modificó la orden al mismo tiempo…").
 */

type Reader = Trx | Kysely<Database>;

export async function loadOrder(db: Reader, id: number) {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!order) throw notFound(`La orden ${id} no existe.`);
  return order;
}
export type OrderRecord = Awaited<ReturnType<typeof loadOrder>>;

/** The orders each transaction has claimed already: an action on several offers claims their order once. */
const claimed = new WeakMap<Trx, Set<number>>();

/** Claims an order for this transaction unless someone changed it since it was read (409). */
export async function claimOrder(trx: Trx, orderId: number, version: number, changes: Partial<Pick<OrderRecord, 'status' | 'end_date'>> = {}) {
  const mine = claimed.get(trx) ?? new Set<number>();
  if (mine.has(orderId)) {
    if (Object.keys(changes).length > 0) await trx.updateTable('orders').set(changes).where('id', '=', orderId).execute();
    return;
  }
  const updated = await trx
    .updateTable('orders')
    .set({ ...changes, version: version + 1 })
    .where('id', '=', orderId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw conflict(OrderRefused.concurrent);
  claimed.set(trx, mine.add(orderId));
}

const FINISHED_ITEMS = ['FULFILLED', 'DELIVERED', 'REFUND', 'REFUND_TO_CREDIT', 'CANCELLED'];

export const orderStore: Store<OrderRecord, { order: number }> = {
  docCode: 'ORDER',
  docId: (order) => String(order.id),
  idOf: (order) => order.id,
  claim: (order) => ({ kind: 'order', id: order.id }),
  action: (_chart, event) => event.type,
  find: async (trx, key) => [await loadOrder(trx, key.order)],
  async input(trx, order) {
    const pending = await trx.selectFrom('order_items').select('id').where('order_id', '=', order.id).where('status', 'not in', FINISHED_ITEMS).executeTakeFirst();
    return { status: order.status, totalRefundAllowed: order.total_refund_allowed === 1, itemsFinished: pending === undefined };
  },
  async save(trx, move, ctx) {
    const finished = move.to !== move.from && (move.to === 'CLOSED' || move.to === 'CANCELLED');
    await claimOrder(trx, move.record.id, move.record.version, move.to !== move.from ? { status: move.to, ...(finished ? { end_date: iso(ctx.now) } : {}) } : {});
  },
};

/** An offer with its item's product and status and its order's version. */
async function offersOf(trx: Trx, orderId: number, offerId: number) {
  const order = await loadOrder(trx, orderId);
  const offer = await trx
    .selectFrom('fulfillment_orders as f')
    .leftJoin('order_items as i', 'i.fulfillment_order_id', 'f.id')
    .select(['f.id', 'f.order_id', 'f.status', 'f.previous_status', 'f.price', 'f.refunded', 'f.credited', 'f.title', 'i.product_type', 'i.status as item_status'])
    .where('f.order_id', '=', orderId)
    .where('f.id', '=', offerId)
    .executeTakeFirst();
  if (!offer) throw notFound(`La oferta ${offerId} no pertenece a la orden ${orderId}.`);
  return { ...offer, order_version: order.version, account_id: order.account_id };
}
export type OfferRecord = Awaited<ReturnType<typeof offersOf>>;

const offerBase = {
  docCode: 'ORDER' as const,
  docId: (offer: OfferRecord) => String(offer.order_id),
  idOf: (offer: OfferRecord) => offer.id,
  action: (_chart: string, event: { type: string }) => event.type,
  find: async (trx: Trx, key: { order: number; offer: number }) => [await offersOf(trx, key.order, key.offer)],
};

/** Offers as the offer chart sees them: their status and where a pass to credit came from. */
export const offerStore: Store<OfferRecord, { order: number; offer: number }> = {
  ...offerBase,
  input: async (trx, offer) => ({
    status: offer.status,
    previousStatus: offer.previous_status === 'OPEN' || offer.previous_status === 'CLOSED' ? offer.previous_status : null,
    creditHeld: offer.status !== 'REFUND_TO_CREDIT' || (await balanceOf(trx, offer.account_id, REFUND_CREDIT_TYPE)) >= offer.credited,
    productType: offer.product_type ?? '',
    itemStatus: offer.item_status ?? '',
  }),
  async save(trx, move) {
    await claimOrder(trx, move.record.order_id, move.record.order_version);
    const updated = await trx
      .updateTable('fulfillment_orders')
      .set({ status: move.to, previous_status: (move.context.previousStatus as string | null) ?? null })
      .where('id', '=', move.record.id)
      .where('status', '=', move.record.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(OrderRefused.concurrent);
  },
};

/** Offers as the refund chart sees them: their price and what is refunded already. */
export const refundStore: Store<OfferRecord, { order: number; offer: number }> = {
  ...offerBase,
  input: async (_trx, offer) => ({ price: offer.price, refunded: offer.refunded, productType: offer.product_type ?? '', itemStatus: offer.item_status ?? '' }),
  async save(trx, move) {
    await claimOrder(trx, move.record.order_id, move.record.order_version);
    const updated = await trx
      .updateTable('fulfillment_orders')
      .set({ refunded: move.context.refunded as number })
      .where('id', '=', move.record.id)
      .where('refunded', '=', move.record.refunded)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(OrderRefused.concurrent);
  },
};

/** An applied charge rule of an order, with what its e-mail needs of the order. */
async function ruleOf(trx: Trx, orderId: number, ruleId: number) {
  const order = await loadOrder(trx, orderId);
  const rule = await trx.selectFrom('applied_charge_rules').selectAll().where('id', '=', ruleId).where('order_id', '=', orderId).executeTakeFirst();
  if (!rule) throw notFound(`El cobro ${ruleId} no pertenece a la orden ${orderId}.`);
  return { ...rule, order };
}
export type RuleRecord = Awaited<ReturnType<typeof ruleOf>>;

/** Charge rules: their status is the gateway's; staff only notify them (nothing to save). */
export const ruleStore: Store<RuleRecord, { order: number; rule: number }> = {
  docCode: 'ORDER',
  docId: (rule) => String(rule.order_id),
  idOf: (rule) => rule.id,
  action: () => 'order.notifyPayment',
  find: async (trx, key) => [await ruleOf(trx, key.order, key.rule)],
  input: async (_trx, rule) => ({ status: rule.status }),
  save: async () => {},
};
