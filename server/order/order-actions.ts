import type * as v from 'valibot';
import { iso } from '../clock';
import { bodyOf, queryOf, bind, type ActionContext, type Binding, type Handler, type Responder, type Trx } from '../lifecycle/binding';
import { moveRecord } from '../lifecycle/move';
import { ordersById } from './order-lists';
import { addCredit, takeCredit } from './credits';
import { closedEmailOf, offerStore, orderStore, paymentEmailOf, refundStore, ruleStore, type OfferRecord, type OrderRecord, type RuleRecord } from './order-stores';
import { order } from '@/machines/order/order.machine';
import { offer } from '@/machines/order/offer.machine';
import { refund } from '@/machines/order/refund.machine';
import { paymentRule } from '@/machines/order/payment-rule.machine';
import { refundActions } from '@/machines/order/refund.actions';
import { rowFor } from '@/machines/lifecycle/table';
import { formatMoney } from '@/domain/format';
import type { CompensationBody, RefundBody } from '@/api/contract/order-actions';
import { queueEmail } from '../activity/outbox';
import { insertNote } from '../activity/notes';
import { signedAs } from '../deps';

/**
 * The work of the order's, its offers', its refunds' and its charge rules' action tables on the
 * reference server: what each action does besides moving its chart (captures, voids, credits,
 * refunds, notes, e-mails). Statuses, permissions, concurrency and the audit are the generic
 * move's; every rule of what a request may ask (an amount within the total or what is left, an
 * address to write to) is a guard of its chart, asked by the mover before any of this runs.
 */

const round = (n: number) => Math.round(n * 100) / 100;

/** The decision noted on the order, as staff's own notes are written (its document's slice, its author). */
async function addNote(trx: Trx, ctx: ActionContext, o: OrderRecord, text: string) {
  await insertNote(trx, ctx.principal, { docCode: 'ORDER', docId: String(o.id), description: text }, o.account_id, ctx.now);
}

// ---------------------------------------------------------------- the order

/** RISK / DUPLICATE_RISK → OPEN: the pre-authorised charge is captured and the decision noted. */
const approveRisk: Handler<OrderRecord> = {
  async perform({ trx, ctx, record: o }) {
    await trx.updateTable('applied_charge_rules').set({ status: 'PAID', response_message: 'Capturado tras aprobación' }).where('order_id', '=', o.id).where('status', '=', 'AUTHORIZED').execute();
    await addNote(trx, ctx, o, `Orden aprobada en revisión de riesgo por ${signedAs(ctx.principal)}.`);
    return { description: `Orden aprobada en revisión de riesgo (${o.status})` };
  },
};

/** A risk order (pre-authorisation voided) or one waiting for its Zelle payment → CANCELLED, with its items. */
const cancelOrder: Handler<OrderRecord> = {
  async perform({ trx, ctx, record: o }) {
    await trx.updateTable('applied_charge_rules').set({ status: 'AUTHORIZATION_VOIDED', response_message: 'Autorización anulada' }).where('order_id', '=', o.id).where('status', '=', 'AUTHORIZED').execute();
    await trx.updateTable('order_items').set({ status: 'CANCELLED' }).where('order_id', '=', o.id).execute();
    await addNote(trx, ctx, o, `Orden cancelada por ${signedAs(ctx.principal)}.`);
    return { description: `Orden cancelada (${o.status})` };
  },
};

const REFUND_FULL = rowFor(refundActions, 'refund.full')!;

/** The whole order, then CLOSED: every offer with something left is refunded through its own chart. */
const refundOrder: Handler<OrderRecord> = {
  async perform({ trx, ctx, record: o, request }) {
    return {
      description: 'Orden reembolsada por completo y cerrada',
      followUp: async () => {
        const offers = await trx.selectFrom('fulfillment_orders').select('id').where('order_id', '=', o.id).whereRef('refunded', '<', 'price').orderBy('id').execute();
        for (const { id } of offers) {
          const [record] = await refundStore.find(trx, { order: o.id, offer: id }, request);
          await moveRecord(trx, ctx, refundBinding as Binding<OfferRecord>, REFUND_FULL, record!, request);
        }
        await trx.updateTable('applied_charge_rules').set({ status: 'REFUNDED' }).where('order_id', '=', o.id).where('status', '=', 'PAID').execute();
        return null;
      },
    };
  },
};

type Compensation = v.InferOutput<typeof CompensationBody>;

/** What a compensation credits: the order's total, or the amount asked (the chart keeps it within the total). */
const compensationOf = (o: OrderRecord, { full, amount }: Compensation) => (full ? o.total_price : (amount ?? 0));

/** A compensation to the customer's credit: the order's total or part of it (never more: the order chart's guard). */
const compensate: Handler<OrderRecord> = {
  async perform({ trx, ctx, record: o, request }) {
    const value = compensationOf(o, bodyOf<Compensation>(request));
    await addCredit(trx, o.account_id, value, `Compensación por la orden ${o.id}`, ctx.now);
    return { description: `Compensación de ${formatMoney(value, 'USD')} al crédito del cliente`, after: { compensation: value } };
  },
};

/** The address an e-mail of the order goes to: the one given, else the order's own (its chart made sure there is one). */
function addressOf(o: OrderRecord, emailForced: string | undefined): string {
  const to = emailForced || o.email;
  if (!to) throw new Error(`order ${o.id}: an e-mail without an address got past its chart`);
  return to;
}

/** The "order completed" e-mail of a CLOSED order; an address given replaces the order's. */
const notifyClosed: Handler<OrderRecord> = {
  async perform({ trx, ctx, record: o, request }) {
    const to = addressOf(o, queryOf<{ emailForced?: string }>(request).emailForced);
    return queueEmail(trx, ctx.now, { ...closedEmailOf(o), to });
  },
};

/** An order action answers the order as it is now. */
const theOrder: Responder<unknown> = async (_results, request, ctx) => (await ordersById(ctx.db, [bodyOf<{ orderId: number }>(request).orderId]))[0];
const theOrders: Responder<unknown> = async (_results, request, ctx) => ({ elements: await ordersById(ctx.db, [...bodyOf<{ ids: number[] }>(request).ids]) });
const done: Responder<unknown> = () => ({ done: true });
const REFUND_PATH = '/orders/secured/refund/payment';

export const orderBinding = bind<OrderRecord, { order: number }>({
  lifecycle: order,
  store: orderStore,
  handlers: { approveRisk, cancelOrder, refundOrder, compensate, notifyClosed },
  amounts: {
    orderTotal: ({ record: o }) => ({ amount: o.total_price, currency: o.currency }),
    compensation: ({ record: o, request }) => ({ amount: compensationOf(o, bodyOf<Compensation>(request)), currency: o.currency }),
  },
  describe: (row) => (row.event === 'order.settle' ? 'Orden cerrada: todos sus items se entregaron' : 'Orden cerrada'),
  respond: {
    '/orders/secured/risk/approve': theOrder,
    '/orders/secured/checkout/cancel/payment': theOrder,
    [REFUND_PATH]: theOrder,
    '/orders/secured/close/order': theOrders,
    '/orders/secured/cll1/update/status': theOrders,
    '/orders/secured/compensation': theOrder,
    '/orders/secured/event/send/closed': done,
  },
});

// ---------------------------------------------------------------- offers: to credit and back

const leftOf = (o: OfferRecord) => round(o.price - o.refunded);

/** Offers to the customer's credit (the amount, what is left of the price by default; the offer chart keeps it within what is left). */
const passToCredit: Handler<OfferRecord> = {
  async perform({ trx, ctx, record: o, request }) {
    const amount = bodyOf<RefundBody>(request).amountCredit ?? leftOf(o);
    await trx.updateTable('fulfillment_orders').set({ credited: amount }).where('id', '=', o.id).execute();
    await trx.updateTable('order_items').set({ status: 'REFUND_TO_CREDIT' }).where('fulfillment_order_id', '=', o.id).execute();
    await addCredit(trx, o.account_id, amount, `Reembolso a crédito de la orden ${o.order_id}, oferta ${o.id}`, ctx.now);
    return { description: `Oferta ${o.id} pasada a crédito por ${formatMoney(amount, 'USD')}`, before: { offer: o.id, credited: o.credited }, after: { offer: o.id, credited: amount } };
  },
};

/** REFUND_TO_CREDIT → where the offer came from; the credit is taken back. */
const revertCredit: Handler<OfferRecord> = {
  async perform({ trx, ctx, record: o }) {
    await takeCredit(trx, o.account_id, o.credited, `Reversión del crédito de la orden ${o.order_id}, oferta ${o.id}`, ctx.now);
    await trx.updateTable('fulfillment_orders').set({ credited: 0 }).where('id', '=', o.id).execute();
    return {
      description: `Revertido el pase a crédito de la oferta ${o.id}`,
      before: { offer: o.id, credited: o.credited },
      after: { offer: o.id, credited: 0 },
      followUp: async ({ to }) => {
        await trx.updateTable('order_items').set({ status: to === 'CLOSED' ? 'FULFILLED' : 'OPEN' }).where('fulfillment_order_id', '=', o.id).execute();
        return null;
      },
    };
  },
};

export const offerBinding = bind<OfferRecord, { order: number; offer: number }>({
  lifecycle: offer,
  store: offerStore,
  handlers: { passToCredit, revertCredit },
  describe: (row, o) => `${row.label}: oferta ${o.id}`,
  respond: { [REFUND_PATH]: theOrder, '/orders/secured/revert/creditpayment': theOrder },
});

// ---------------------------------------------------------------- refunds to the payment method

/**
 * A refund of one offer: the item follows (REFUND when nothing is left) and the charge is recorded.
 * The amount of a partial one is the event's, which the refund chart took (at least 0.1, at most
 * what is left; on a compound payment the amount or the item's value).
 */
const refundOffer: Handler<OfferRecord> = {
  async perform({ trx, ctx, record: o, event }) {
    const moved = event.type === 'refund.partial' ? round((event as unknown as { amount: number }).amount) : leftOf(o);
    const refunded = round(o.refunded + moved);
    return {
      description: `Reembolso de ${formatMoney(moved, 'USD')} de la oferta ${o.id} (${o.title})`,
      before: { offer: o.id, refunded: o.refunded },
      after: { offer: o.id, refunded },
      followUp: async ({ to }) => {
        const whole = to === 'refunded';
        await trx.updateTable('order_items').set({ status: whole ? 'REFUND' : 'REFUND_PARTIAL' }).where('fulfillment_order_id', '=', o.id).execute();
        await trx
          .insertInto('applied_charge_rules')
          .values({
            order_id: o.order_id,
            transaction_id: `rf-${o.order_id}-${o.id}-${ctx.now}`,
            status: 'REFUNDED',
            amount: moved,
            payment_date: iso(ctx.now),
            response_message: whole ? 'Reembolso total de la oferta' : 'Reembolso parcial de la oferta',
            three_d_secure: null,
            merchant_id: null,
          })
          .execute();
        return null;
      },
    };
  },
};

export const refundBinding = bind<OfferRecord, { order: number; offer: number }>({
  lifecycle: refund,
  store: refundStore,
  handlers: { refundOffer },
  // Offers are priced in US dollars (the refund's log says so too).
  amounts: {
    refund: ({ record: o, request }) => {
      const body = bodyOf<RefundBody>(request);
      return { amount: body.total ? leftOf(o) : (body.amount ?? body.partialValueItem ?? 0), currency: 'USD' };
    },
  },
  describe: (row, o) => `${row.label}: oferta ${o.id}`,
  respond: { [REFUND_PATH]: theOrder },
});

// ---------------------------------------------------------------- charge rules

/** The payment (or refund) e-mail of one applied charge rule of the order. */
const notifyPayment: Handler<RuleRecord> = {
  async perform({ trx, ctx, record: rule, request }) {
    const q = queryOf<{ refund?: string; emailForced?: string }>(request);
    const o = rule.order;
    const to = addressOf(o, q.emailForced);
    return queueEmail(trx, ctx.now, { ...paymentEmailOf(rule, q.refund === 'true'), to });
  },
};

export const paymentRuleBinding = bind<RuleRecord, { order: number; rule: number }>({
  lifecycle: paymentRule,
  store: ruleStore,
  handlers: { notifyPayment },
  describe: (row, rule) => `${row.label}: cobro ${rule.id}`,
  respond: { '/orders/secured/event/send/payment': done },
});

