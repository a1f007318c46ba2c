import { describe, expect } from 'vitest';
import { offerModel, orderModel, paymentRuleModel, refundModel, zelleModel } from '../support/lifecycles';
import { walkAgainstServer } from '../support/server-walk';
import type { AnyEvent } from '../support/chart-checks';
import { offer } from '@/machines/order/offer.machine';
import { refund } from '@/machines/order/refund.machine';
import { zelleLink } from '@/machines/order/zelle-link.machine';
import { paymentRule } from '@/machines/order/payment-rule.machine';
import { RefundMsg } from '@/domain/order-actions';
import { isMoneyAmount } from '@/domain/credit';
import { orderActionsServer, type Order } from '../support/order-actions-server';
import { sentAlready } from '../support/outbox';
import { closedEmailOf, loadOrder, paymentEmailOf } from '../../server/order/order-stores';

const { server, k, freshOrder, setOrder, statusOf, logsOf, sendEvent, offerSubject, sendOrderEvent, offerStatus, refundedOf } = orderActionsServer();

/** What an order's actions may write besides its status and log: the customer's credit and the e-mails queued. */
const creditsOf = async (o: Order) => Number((await k().selectFrom('credit_transactions').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', o.accountId).executeTakeFirstOrThrow()).n);
const sentOf = async (o: Order) => Number((await k().selectFrom('outbox_messages').select((eb) => eb.fn.countAll().as('n')).where('doc_id', '=', String(o.id)).executeTakeFirstOrThrow()).n);

describe('order chart against the server', () => {
  walkAgainstServer<Order>({
    model: orderModel,
    reset: async (input) => {
      const o = await freshOrder();
      await setOrder(o.id, String(input.status), input.totalRefundAllowed === true, input.itemsFinished === true);
      // Its total and its e-mail, as the model's facts say.
      const email = input.email === false ? null : o.email;
      await k().updateTable('orders').set({ total_price: Number(input.total), email }).where('id', '=', o.id).execute();
      // Its closing e-mail went to its own address within the window, as the model's input says.
      if (input.sentWithin) await sentAlready(k(), closedEmailOf(await loadOrder(k(), o.id)), email!, server.clock.now());
      return { ...o, totalPrice: Number(input.total), email };
    },
    send: (o, event) => sendOrderEvent(o, event as AnyEvent),
    stateOf: (o) => statusOf(o.id),
    observe: async (o) => ({ status: await statusOf(o.id), logs: await logsOf(o.id), credits: await creditsOf(o), sent: await sentOf(o) }),
    idOf: (o) => o.id,
  });
});

describe('offer chart against the server', () => {
  walkAgainstServer<Order>({
    model: offerModel,
    reset: async (input) => {
      const o = await freshOrder();
      await setOrder(o.id, 'OPEN', false);
      const status = String(input.status);
      await k()
        .updateTable('fulfillment_orders')
        .set({ status, previous_status: (input.previousStatus as string | null) ?? null, credited: status === 'REFUND_TO_CREDIT' ? 2 : 0, price: Number(input.price), refunded: Number(input.refunded) })
        .where('id', '=', o.offerId)
        .execute();
      await k().deleteFrom('user_credits').where('account_id', '=', o.accountId).execute();
      // What the pass credited (2) is still there, or was spent (1 left).
      await k().insertInto('user_credits').values({ account_id: o.accountId, credit_type: 'CALL_CREDIT', amount: input.creditHeld === false ? 1 : 500 }).execute();
      return o;
    },
    // A pass to credit of the amount the event names (1 for the button).
    send: (o, event) => sendEvent(offer, offerSubject(o), event as AnyEvent, event.type === 'offer.toCredit' ? ((event as AnyEvent).amount ?? 1) : undefined),
    stateOf: offerStatus,
    observe: async (o) => ({ status: await offerStatus(o), logs: await logsOf(o.id), credits: await creditsOf(o) }),
    idOf: (o) => o.offerId,
  });
});

describe('refund chart against the server', () => {
  const state = async (o: Order) => {
    const { price, refunded } = await k().selectFrom('fulfillment_orders').select(['price', 'refunded']).where('id', '=', o.offerId).executeTakeFirstOrThrow();
    return refunded === 0 ? 'notRefunded' : refunded < price ? 'partiallyRefunded' : 'refunded';
  };
  walkAgainstServer<Order>({
    model: refundModel,
    reset: async (input) => {
      const o = await freshOrder();
      await setOrder(o.id, 'OPEN', false);
      await k().updateTable('fulfillment_orders').set({ price: Number(input.price), refunded: Number(input.refunded) }).where('id', '=', o.offerId).execute();
      await k().updateTable('order_items').set({ status: String(input.itemStatus) }).where('fulfillment_order_id', '=', o.offerId).execute();
      // A compound payment: a second payment order beside the one freshOrder kept.
      if (input.compound === true) {
        await k()
          .insertInto('payment_orders')
          .values({ order_id: o.id, payment_method_type: 'USER_CREDIT', nonce_type: null, payment_gateway: null, card_type: null, first_six: null, last_four: null, is_debit: 0, issuing_bank: null, unique_number_identifier: null, amount: 1 })
          .execute();
      }
      return o;
    },
    send: (o, event) => sendEvent(refund, offerSubject(o), event as AnyEvent, event.type === 'refund.partial' ? { amount: (event as AnyEvent).amount } : undefined),
    stateOf: state,
    matches: async (o, snapshot) => expect(await refundedOf(o)).toBeCloseTo((snapshot.context as { refunded: number }).refunded, 2),
    observe: async (o) => ({ refunded: await refundedOf(o), logs: await logsOf(o.id) }),
    // An amount outside the money bounds is the request's shape (400); above what is left, or none, the chart's 409 (spec details §5).
    invalid: (event) => {
      const amount = (event as AnyEvent).amount;
      return event.type === 'refund.partial' && amount !== undefined && !isMoneyAmount(amount as number) ? RefundMsg.bounds : null;
    },
    idOf: (o) => o.offerId,
  });
});

describe('Zelle link chart against the server', () => {
  type Transfer = { order: Order; transfer: number | null };
  walkAgainstServer<Transfer>({
    model: zelleModel,
    reset: async (input) => {
      const o = await freshOrder();
      await setOrder(o.id, String(input.orderStatus), false);
      if (!input.registered) return { order: o, transfer: null };
      const transfer = await k()
        .insertInto('zelle_transfers')
        .values({
          tenant: 'cubacel',
          name: 'Prueba',
          status: input.processed ? 'PROCESSED' : 'PENDING',
          to_account: 'pagos@cubacel.example',
          from_account: 'cliente@correo.example',
          created_date: new Date().toISOString(),
          desciption: null,
          origin_id: input.linked ? 'A-OTRA' : null,
          amount: 20,
          currency: 'USD',
          reference_code: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { order: o, transfer: transfer.id };
    },
    send: async (t, event) => {
      const subject = { orderId: t.order.id, referenceCode: t.order.originId, ...(t.transfer !== null ? { transfer: { id: t.transfer, name: 'Prueba' } } : {}) };
      if (event.type === 'zelle.link') return sendEvent(zelleLink, subject, event as AnyEvent, undefined);
      const linked = (event as AnyEvent).linked === true;
      const registration = { name: 'Ana Pérez', amount: 25, currency: 'USD', createDate: '2026-11-20', from: 'ana@correo.example', to: 'pagos@cubacel.example', ...(linked ? { referenceCode: t.order.originId } : {}) };
      const response = await sendEvent(zelleLink, subject, event as AnyEvent, registration);
      if (response.status === 200) t.transfer = ((await response.clone().json()) as { data: { elements: { id: number }[] } }).data.elements[0]!.id;
      return response;
    },
    stateOf: async (t) => {
      if (t.transfer === null) return 'new';
      const row = await k().selectFrom('zelle_transfers').select(['origin_id', 'status']).where('id', '=', t.transfer).executeTakeFirstOrThrow();
      return row.status === 'PROCESSED' ? 'processed' : row.origin_id !== null ? 'linked' : 'unlinked';
    },
    observe: async (t) => ({
      transfers: Number((await k().selectFrom('zelle_transfers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
      origin: t.transfer === null ? null : (await k().selectFrom('zelle_transfers').select('origin_id').where('id', '=', t.transfer).executeTakeFirstOrThrow()).origin_id,
      logs: await logsOf(t.order.id),
    }),
    idOf: (t) => t.transfer ?? 0,
    // A registration creates a transfer: it is never a move of an existing one, and a link needs one.
    refusable: (t, event) => event.type === 'zelle.link' && t.transfer !== null,
  });
});

describe('payment rule chart against the server', () => {
  type Rule = { order: Order; rule: number };
  walkAgainstServer<Rule>({
    model: paymentRuleModel,
    reset: async (input) => {
      const o = await freshOrder();
      if (input.email === false) await k().updateTable('orders').set({ email: null }).where('id', '=', o.id).execute();
      const rule = await k()
        .insertInto('applied_charge_rules')
        .values({ order_id: o.id, transaction_id: `tx-${o.id}`, status: String(input.status), amount: 5, payment_date: new Date().toISOString(), response_message: null, three_d_secure: null, merchant_id: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Its e-mails went to the order's address within the window, as the model's input says.
      if (input.sentWithin) {
        const record = { ...rule, order: await loadOrder(k(), o.id) };
        for (const refund of [false, true]) await sentAlready(k(), paymentEmailOf(record, refund), o.email!, server.clock.now());
      }
      return { order: o, rule: rule.id };
    },
    send: async (r, event) => {
      const { status, transaction_id: transactionId } = await k().selectFrom('applied_charge_rules').select(['status', 'transaction_id']).where('id', '=', r.rule).executeTakeFirstOrThrow();
      const subject = { id: r.rule, transactionId, status, orderId: r.order.id, accountId: r.order.accountId, email: r.order.email };
      // The e-mail to the address the event names ('': the order's own); the button's to one typed.
      return sendEvent(paymentRule, subject, event as AnyEvent, (event as AnyEvent).emailForced ?? 'cliente@correo.example');
    },
    stateOf: async (r) => (await k().selectFrom('applied_charge_rules').select('status').where('id', '=', r.rule).executeTakeFirstOrThrow()).status,
    observe: async (r) => ({
      sent: Number((await k().selectFrom('outbox_messages').select((eb) => eb.fn.countAll().as('n')).where('doc_id', '=', String(r.order.id)).executeTakeFirstOrThrow()).n),
      logs: await logsOf(r.order.id),
    }),
    idOf: (r) => r.rule,
  });
});
