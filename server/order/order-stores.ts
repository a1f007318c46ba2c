import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { changedMeanwhile, notFound } from '../refusals';
import { iso } from '../clock';
import type { Store, Trx } from '../lifecycle/binding';
import { OrderRefused } from '@/domain/order-actions';
import { formatMoney } from '@/domain/format';
import { queuedWithin, type EmailOf } from '../activity/outbox';
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
  if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(OrderRefused.concurrent);
  claimed.set(trx, mine.add(orderId));
}

const FINISHED_ITEMS = ['FULFILLED', 'DELIVERED', 'REFUND', 'REFUND_TO_CREDIT', 'CANCELLED'];

/** Whether an order has an address of its own for its e-mails. */
const hasEmail = (email: string | null) => email !== null && email.trim() !== '';

export const orderStore: Store<OrderRecord, { order: number }> = {
  docCode: 'ORDER',
  docId: (order) => String(order.id),
  idOf: (order) => order.id,
  claim: (order) => ({ kind: 'order', id: order.id }),
  action: (_chart, event) => event.type,
  find: async (trx, key) => [await loadOrder(trx, key.order)],
  async input(trx, order, ctx) {
    const pending = await trx.selectFrom('order_items').select('id').where('order_id', '=', order.id).where('status', 'not in', FINISHED_ITEMS).executeTakeFirst();
    // Where its closing e-mail went within the resend window (only a CLOSED order sends it).
    const sentWithin = order.status === 'CLOSED' ? await queuedWithin(trx, ctx.now, closedEmailOf(order), order.email) : [];
    return { status: order.status, totalRefundAllowed: order.total_refund_allowed === 1, itemsFinished: pending === undefined, total: order.total_price, email: hasEmail(order.email), sentWithin };
  },
  async save(trx, move, ctx) {
    const finished = move.to !== move.from && (move.to === 'CLOSED' || move.to === 'CANCELLED');
    await claimOrder(trx, move.record.id, move.record.version, move.to !== move.from ? { status: move.to, ...(finished ? { end_date: iso(ctx.now) } : {}) } : {});
  },
};

/** An offer with its item's product and status and its order's version. */
/**
 * An order's offers as their charts see them, in one statement: each offer with its first item's
 * product and status, its order's version and account, and how many payments the order has (more
 * than one is a compound payment, whose refund the refund chart refuses). One offer's (`offerId`, the stores' find) or
 * all of them: fo/list answers the offers and builds their charts from this one read (the
 * PostgreSQL floor's profile counted seven statements per offers request when each chart found its
 * offer and its order again).
 */
export async function offerRecordsOf(db: Reader, orderId: number, offerId?: number) {
  let offers = db
    .selectFrom('fulfillment_orders as f')
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .leftJoin('order_items as i', 'i.fulfillment_order_id', 'f.id')
    .selectAll('f')
    .select(['i.product_type', 'i.status as item_status', 'i.id as item_id', 'o.version as order_version', 'o.account_id'])
    .select((eb) => eb.selectFrom('payment_orders as p').select((p) => p.fn.countAll<number | string>().as('n')).whereRef('p.order_id', '=', 'f.order_id').as('payments'))
    .where('f.order_id', '=', orderId);
  if (offerId !== undefined) offers = offers.where('f.id', '=', offerId);
  const rows = await offers.orderBy('f.id').orderBy('i.id').execute();
  const seen = new Set<number>();
  // PostgreSQL answers a count as text.
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).map((r) => ({ ...r, payments: Number(r.payments ?? 0) }));
}

async function offersOf(trx: Trx, orderId: number, offerId: number) {
  const [offer] = await offerRecordsOf(trx, orderId, offerId);
  if (offer) return offer;
  await loadOrder(trx, orderId); // "La orden … no existe." when it does not
  throw notFound(`La oferta ${offerId} no pertenece a la orden ${orderId}.`);
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
    price: offer.price,
    refunded: offer.refunded,
  }),
  async save(trx, move) {
    await claimOrder(trx, move.record.order_id, move.record.order_version);
    const updated = await trx
      .updateTable('fulfillment_orders')
      .set({ status: move.to, previous_status: (move.context.previousStatus as string | null) ?? null })
      .where('id', '=', move.record.id)
      .where('status', '=', move.record.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(OrderRefused.concurrent);
  },
};

/** Offers as the refund chart sees them: their price, what is refunded already, and whether the order was paid by several means. */
export const refundStore: Store<OfferRecord, { order: number; offer: number }> = {
  ...offerBase,
  input: async (_trx, offer) => ({ price: offer.price, refunded: offer.refunded, productType: offer.product_type ?? '', itemStatus: offer.item_status ?? '', compound: offer.payments > 1 }),
  async save(trx, move) {
    await claimOrder(trx, move.record.order_id, move.record.order_version);
    const updated = await trx
      .updateTable('fulfillment_orders')
      .set({ refunded: move.context.refunded as number })
      .where('id', '=', move.record.id)
      .where('refunded', '=', move.record.refunded)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(OrderRefused.concurrent);
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
  input: async (trx, rule, ctx) => ({
    status: rule.status,
    email: hasEmail(rule.order.email),
    // Where its e-mails (the payment's, the refund's) went within the resend window.
    sentWithin: { payment: await queuedWithin(trx, ctx.now, paymentEmailOf(rule, false), rule.order.email), refund: await queuedWithin(trx, ctx.now, paymentEmailOf(rule, true), rule.order.email) },
  }),
  save: async () => {},
};

/** The "order completed" e-mail of a CLOSED order (its address is the request's or the order's). */
export const closedEmailOf = (o: OrderRecord): EmailOf => ({
  subject: `Tu orden ${o.origin_order_id ?? o.id} fue completada`,
  body: `Total: ${formatMoney(o.total_price, o.currency)}`,
  docCode: 'ORDER',
  docId: String(o.id),
});

/** The payment (or refund) e-mail of one applied charge rule of the order. */
export const paymentEmailOf = (rule: RuleRecord, refund: boolean): EmailOf => ({
  subject: refund ? `Reembolso de ${formatMoney(rule.amount, 'USD')} procesado` : `Recibimos tu pago de ${formatMoney(rule.amount, 'USD')}`,
  body: `Orden ${rule.order.origin_order_id ?? rule.order.id}, transacción ${rule.transaction_id}`,
  docCode: 'ORDER',
  docId: String(rule.order.id),
});
