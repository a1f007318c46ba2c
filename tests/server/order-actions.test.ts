import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { EVERYTHING, offerModel, orderModel, paymentRuleModel, refundModel, zelleModel } from '../support/lifecycles';
import { walkAgainstServer } from '../support/server-walk';
import type { AnyEvent } from '../support/chart-checks';
import { order as orderLifecycle } from '@/machines/order/order.machine';
import { offer } from '@/machines/order/offer.machine';
import { refund } from '@/machines/order/refund.machine';
import { zelleLink } from '@/machines/order/zelle-link.machine';
import { paymentRule } from '@/machines/order/payment-rule.machine';
import { rowFor, type AnyLifecycle } from '@/machines/lifecycle/table';
import { OrderRefused, RefundMsg } from '@/domain/order-actions';
import { isMoneyAmount } from '@/domain/credit';
import { Msg } from '@/domain/messages';
import { RESEND_WINDOW_MS } from '../../server/activity/outbox';
import { checkRefundAmount } from '@/api/contract/order-actions';

let server: TestServer;
let admin: string;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;

/** The account behind each token. */
const accountOf: Record<string, number> = {};

beforeAll(async () => {
  server = await createTestServer();
  admin = (await server.signIn('admin')).access_token;
  for (const persona of ['soporte', 'fraude', 'operaciones', 'lector', 'sinacceso']) tokens[persona] = (await server.signIn(persona)).access_token;
  for (const [persona, token] of [['admin', admin], ...Object.entries(tokens)] as const) {
    accountOf[token] = (await k().selectFrom('accounts').select('id').where('username', '=', persona).executeTakeFirstOrThrow()).id;
  }
});
afterAll(() => server.close());

/** Hands out orders that carry offers and a single payment, one per test, newest first. */
let nextOrder = 0;
async function freshOrder() {
  const rows = await k()
    .selectFrom('orders as o')
    .innerJoin('fulfillment_orders as f', 'f.order_id', 'o.id')
    .select(['o.id', 'o.account_id', 'o.origin_order_id', 'o.total_price', 'o.currency', 'o.email', 'f.id as offer_id', 'f.title'])
    .where('o.email', 'is not', null)
    .orderBy('o.id', 'desc')
    .execute();
  const ids = [...new Set(rows.map((r) => r.id))];
  const id = ids[nextOrder++]!;
  const offer = rows.find((r) => r.id === id)!;
  await k().deleteFrom('payment_orders').where('order_id', '=', id).where('id', 'not in', (eb) => eb.selectFrom('payment_orders').select((e) => e.fn.min('id').as('m')).where('order_id', '=', id)).execute();
  return {
    id,
    accountId: offer.account_id,
    originId: offer.origin_order_id!,
    offerId: offer.offer_id,
    totalPrice: offer.total_price,
    currency: offer.currency,
    email: offer.email,
    title: offer.title,
  };
}
type Order = Awaited<ReturnType<typeof freshOrder>>;

async function setOrder(id: number, status: string, totalRefundAllowed: boolean, itemsFinished = false) {
  await k().updateTable('orders').set({ status, total_refund_allowed: totalRefundAllowed ? 1 : 0 }).where('id', '=', id).execute();
  await k().updateTable('fulfillment_orders').set({ status: 'OPEN', refunded: 0, credited: 0, previous_status: null }).where('order_id', '=', id).execute();
  await k().updateTable('order_items').set({ status: itemsFinished ? 'FULFILLED' : 'OPEN', product_type: 'SALDO' }).where('order_id', '=', id).execute();
}

const statusOf = async (id: number) => (await k().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const logsOf = async (id: number) =>
  Number((await k().selectFrom('action_logs').select((eb) => eb.fn.countAll().as('n')).where('doc_code', '=', 'ORDER').where('doc_id', '=', String(id)).executeTakeFirstOrThrow()).n);

const post = async (path: string, body: unknown, token = admin, headers: Record<string, string> = {}): Promise<Response> =>
  server.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** An event of one of the order's charts as the console sends it: its row's request, with what its form would give. */
function sendEvent(lifecycle: AnyLifecycle, subject: unknown, event: AnyEvent, payload: unknown, token = admin) {
  return sendRow(server, rowFor(lifecycle.rows, event.type)!, subject, payload, token, { accountId: accountOf[token] ?? 0 });
}

const orderSubject = (o: Order) => ({ id: o.id, totalPrice: o.totalPrice, currency: o.currency, email: o.email });
const offerSubject = (o: Order) => ({ id: o.offerId, orderId: o.id, title: o.title, currency: o.currency });

/** Each order event as the console sends it. */
function sendOrderEvent(o: Order, event: AnyEvent, token = admin) {
  const payload = event.type === 'order.compensate' ? { full: true } : event.type === 'order.notifyClosed' ? 'cliente@correo.example' : undefined;
  return sendEvent(orderLifecycle, orderSubject(o), event, payload, token);
}

const offerStatus = async (o: Order) => (await k().selectFrom('fulfillment_orders').select('status').where('id', '=', o.offerId).executeTakeFirstOrThrow()).status;
const refundedOf = async (o: Order) => (await k().selectFrom('fulfillment_orders').select('refunded').where('id', '=', o.offerId).executeTakeFirstOrThrow()).refunded;

describe('order chart against the server', () => {
  walkAgainstServer<Order>({
    model: orderModel,
    reset: async (input) => {
      const o = await freshOrder();
      await setOrder(o.id, String(input.status), input.totalRefundAllowed === true, input.itemsFinished === true);
      return o;
    },
    send: (o, event) => sendOrderEvent(o, event as AnyEvent),
    stateOf: (o) => statusOf(o.id),
    observe: async (o) => ({ status: await statusOf(o.id), logs: await logsOf(o.id) }),
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
        .set({ status, previous_status: (input.previousStatus as string | null) ?? null, credited: status === 'REFUND_TO_CREDIT' ? 2 : 0, refunded: 0 })
        .where('id', '=', o.offerId)
        .execute();
      await k().deleteFrom('user_credits').where('account_id', '=', o.accountId).execute();
      // What the pass credited (2) is still there, or was spent (1 left).
      await k().insertInto('user_credits').values({ account_id: o.accountId, credit_type: 'CALL_CREDIT', amount: input.creditHeld === false ? 1 : 500 }).execute();
      return o;
    },
    send: (o, event) => sendEvent(offer, offerSubject(o), event as AnyEvent, event.type === 'offer.toCredit' ? 1 : undefined),
    stateOf: offerStatus,
    observe: async (o) => ({ status: await offerStatus(o), logs: await logsOf(o.id) }),
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
      return o;
    },
    send: (o, event) => sendEvent(refund, offerSubject(o), event as AnyEvent, event.type === 'refund.partial' ? { amount: (event as AnyEvent).amount } : undefined),
    stateOf: state,
    matches: async (o, snapshot) => expect(await refundedOf(o)).toBeCloseTo((snapshot.context as { refunded: number }).refunded, 2),
    observe: async (o) => ({ refunded: await refundedOf(o), logs: await logsOf(o.id) }),
    // An amount outside the money bounds, or above what is left, is the form's 400 before the chart's 409 (spec details §5).
    invalid: (event, context) => {
      if (event.type === 'refund.partial' && !isMoneyAmount((event as AnyEvent).amount as number)) return RefundMsg.bounds;
      const left = Math.round((Number(context.price) - Number(context.refunded)) * 100) / 100;
      return event.type === 'refund.partial' && left > 0 ? checkRefundAmount((event as AnyEvent).amount as number, left) : null;
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
      const rule = await k()
        .insertInto('applied_charge_rules')
        .values({ order_id: o.id, transaction_id: `tx-${o.id}`, status: String(input.status), amount: 5, payment_date: new Date().toISOString(), response_message: null, three_d_secure: null, merchant_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { order: o, rule: rule.id };
    },
    send: async (r, event) => {
      const { status, transaction_id: transactionId } = await k().selectFrom('applied_charge_rules').select(['status', 'transaction_id']).where('id', '=', r.rule).executeTakeFirstOrThrow();
      const subject = { id: r.rule, transactionId, status, orderId: r.order.id, accountId: r.order.accountId, email: r.order.email };
      return sendEvent(paymentRule, subject, event as AnyEvent, '');
    },
    stateOf: async (r) => (await k().selectFrom('applied_charge_rules').select('status').where('id', '=', r.rule).executeTakeFirstOrThrow()).status,
    observe: async (r) => ({
      sent: Number((await k().selectFrom('outbox_messages').select((eb) => eb.fn.countAll().as('n')).where('doc_id', '=', String(r.order.id)).executeTakeFirstOrThrow()).n),
      logs: await logsOf(r.order.id),
    }),
    idOf: (r) => r.rule,
  });
});

describe('order actions: permissions, validation, concurrency, idempotency, logs', () => {
  it('lector gets 403 for approving and nothing changes; soporte lacks CRM7_FRAUD_COMPLETE', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'RISK', false);
    const lector = await sendOrderEvent(order, { type: 'order.approve' }, tokens.lector);
    expect(lector.status).toBe(403);
    expect(((await lector.json()) as { error: string }).error).toBe('access_denied');
    expect((await sendOrderEvent(order, { type: 'order.approve' }, tokens.soporte)).status).toBe(403);
    expect(await statusOf(order.id)).toBe('RISK');
    expect(await logsOf(order.id)).toBe(0);
    expect((await sendOrderEvent(order, { type: 'order.approve' }, tokens.fraude)).status).toBe(200);
    expect(await statusOf(order.id)).toBe('OPEN');
  });

  it('approving writes the log with only the changed field, the audit row and a note; the charge is captured', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'DUPLICATE_RISK', false);
    await k().updateTable('applied_charge_rules').set({ status: 'AUTHORIZED' }).where('order_id', '=', order.id).execute();
    const response = await sendOrderEvent(order, { type: 'order.approve' }, tokens.fraude);
    const body = (await response.json()) as { data: { status: string; id: number } };
    expect(body.data).toMatchObject({ id: order.id, status: 'OPEN' });
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'ORDER').where('doc_id', '=', String(order.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(log.input!)).toEqual({ status: { before: 'DUPLICATE_RISK', after: 'OPEN' } });
    expect(log.executor_email).toBe('fraude@consola.example');
    const audit = await k().selectFrom('audit_log').selectAll().where('type', '=', 'ORDER').where('doc_id', '=', String(order.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toEqual({ status: 'OPEN' });
    const notes = await k().selectFrom('notes').select('description').where('doc_code', '=', 'ORDER').where('doc_id', '=', String(order.id)).execute();
    expect(notes.some((n) => n.description.includes('aprobada'))).toBe(true);
    const charges = await k().selectFrom('applied_charge_rules').select('status').where('order_id', '=', order.id).execute();
    expect(charges.every((c) => c.status !== 'AUTHORIZED')).toBe(true);
  });

  it('two analysts approving the same RISK order at once: exactly one succeeds, the other gets 409', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'RISK', false);
    const other = (await server.signIn('fraude')).access_token;
    const answers = await Promise.all([sendOrderEvent(order, { type: 'order.approve' }, tokens.fraude), sendOrderEvent(order, { type: 'order.approve' }, other)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await logsOf(order.id)).toBe(1);
  });

  it('a retried approve with the same Idempotency-Key replays the first answer', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'RISK', false);
    const key = { 'idempotency-key': `approve-${order.id}-abc` };
    const first = await post('/orders/secured/risk/approve', { orderId: order.id }, tokens.fraude, key);
    const again = await post('/orders/secured/risk/approve', { orderId: order.id }, tokens.fraude, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await logsOf(order.id)).toBe(1);
    // The same key for another operation is refused.
    expect((await post('/orders/secured/checkout/cancel/payment', { orderId: order.id }, tokens.fraude, key)).status).toBe(422);
    // Without the key, the second approve is what it is: refused.
    expect((await post('/orders/secured/risk/approve', { orderId: order.id }, tokens.fraude)).status).toBe(409);
  });

  it('a refused action replays its refusal too; a malformed key is a 400', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'CLOSED', false);
    const key = { 'idempotency-key': `cancel-${order.id}-xyz` };
    const first = await post('/orders/secured/checkout/cancel/payment', { orderId: order.id }, admin, key);
    expect(first.status).toBe(409);
    expect(((await first.json()) as { error_description: string }).error_description).toBe(OrderRefused.cancel);
    expect((await post('/orders/secured/checkout/cancel/payment', { orderId: order.id }, admin, key)).headers.get('idempotent-replayed')).toBe('true');
    expect((await post('/orders/secured/risk/approve', { orderId: order.id }, admin, { 'idempotency-key': 'x' })).status).toBe(400);
  });

  it.each([
    [{}, RefundMsg.amountRequired],
    [{ amount: 0.05 }, RefundMsg.amountInvalid],
    [{ amount: 9999 }, RefundMsg.amountTooHigh],
    [{ amount: 'abc' }, RefundMsg.numeric],
  ])('a partial refund with %o answers 400 "%s" and changes nothing', async (extra, message) => {
    const order = await freshOrder();
    await setOrder(order.id, 'OPEN', false);
    const response = await post('/orders/secured/refund/payment', { orderId: order.id, foIds: [order.offerId], ...extra });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error_description: string }).error_description).toBe(message);
    expect(await logsOf(order.id)).toBe(0);
  });

  it('a partial refund of a compound payment needs an amount or a value item', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'OPEN', false);
    await k()
      .insertInto('payment_orders')
      .values({ order_id: order.id, payment_method_type: 'USER_CREDIT', nonce_type: null, payment_gateway: null, card_type: null, first_six: null, last_four: null, is_debit: 0, issuing_bank: null, unique_number_identifier: null, amount: 1 })
      .execute();
    const response = await post('/orders/secured/refund/payment', { orderId: order.id, foIds: [order.offerId] });
    expect(((await response.json()) as { error_description: string }).error_description).toBe(RefundMsg.compoundNeedsValue);
  });

  it('passing to credit credits the customer; reverting takes it back', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'OPEN', false);
    const balance = async () => (await k().selectFrom('user_credits').select('amount').where('account_id', '=', order.accountId).where('credit_type', '=', 'CALL_CREDIT').executeTakeFirst())?.amount ?? 0;
    const before = await balance();
    expect((await post('/orders/secured/refund/payment', { orderId: order.id, foIds: [order.offerId], toCredit: true, amountCredit: 2.5 })).status).toBe(200);
    expect(await balance()).toBeCloseTo(before + 2.5, 2);
    expect((await post('/orders/secured/revert/creditpayment', { orderId: order.id, foId: order.offerId }, tokens.soporte)).status).toBe(403);
    expect((await post('/orders/secured/revert/creditpayment', { orderId: order.id, foId: order.offerId })).status).toBe(200);
    expect(await balance()).toBeCloseTo(before, 2);
    const history = await k().selectFrom('credit_transactions').selectAll().where('account_id', '=', order.accountId).orderBy('id', 'desc').limit(2).execute();
    expect(history.map((h) => h.trn_type)).toEqual(['DECREASE', 'INCREASE']);
  });

  it('"to credit" is refused for a delivered top-up (the refund buttons are hidden there) and nothing changes', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'OPEN', false);
    await k().updateTable('order_items').set({ product_type: 'TOPUP', status: 'FULFILLED' }).where('fulfillment_order_id', '=', order.offerId).execute();
    const response = await post('/orders/secured/refund/payment', { orderId: order.id, foIds: [order.offerId], toCredit: true });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error_description: string }).error_description).toBe(OrderRefused.toCredit);
    expect(await logsOf(order.id)).toBe(0);
  });

  it('a refund without offers is only the whole-order refund; otherwise "Debe indicar la oferta."', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'OPEN', true);
    const bad = await post('/orders/secured/refund/payment', { orderId: order.id, foIds: [], total: true });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error_description: string }).error_description).toBe('Debe indicar la oferta.');
    expect((await post('/orders/secured/refund/payment', { orderId: order.id, total: true, close: true })).status).toBe(200);
    expect(await statusOf(order.id)).toBe('CLOSED');
  });

  it('compensation needs CRM_COMPENSATION_PAY and a numeric amount', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'CLOSED', false);
    expect((await post('/orders/secured/compensation', { orderId: order.id, amount: 1 }, tokens.fraude)).status).toBe(403);
    const bad = await post('/orders/secured/compensation', { orderId: order.id }, tokens.soporte);
    expect(((await bad.json()) as { error_description: string }).error_description).toBe(RefundMsg.numeric);
    expect((await post('/orders/secured/compensation', { orderId: order.id, amount: '1,50' }, tokens.soporte)).status).toBe(200);
    expect((await post('/orders/secured/compensation', { orderId: order.id, full: true }, tokens.soporte)).status).toBe(200);
  });

  it('notifications: closed only for a CLOSED order, payment for a charge of the order; both queued and logged', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'OPEN', false);
    const closed = (token = tokens.soporte) => server.app.request(`/orders/secured/event/send/closed?orderId=${order.id}&emailForced=ana%40correo.example`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect((await closed()).status).toBe(409);
    await setOrder(order.id, 'CLOSED', false);
    expect((await closed(tokens.fraude)).status).toBe(403);
    expect((await closed()).status).toBe(200);
    const rule = await k().selectFrom('applied_charge_rules').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const payment = () =>
      server.app.request(`/orders/secured/event/send/payment?orderId=${order.id}&appliedId=${rule.id}&refund=false`, { method: 'POST', headers: { authorization: `Bearer ${tokens.soporte}` } });
    // Only a charge that moved money has something to tell (the chart's rule, once the screen's NOTIFIABLE list).
    await k().updateTable('applied_charge_rules').set({ status: 'AUTHORIZED' }).where('id', '=', rule.id).execute();
    const refused = await payment();
    expect([refused.status, ((await refused.json()) as { error_description: string }).error_description]).toEqual([409, OrderRefused.notifyPayment]);
    await k().updateTable('applied_charge_rules').set({ status: 'PAID' }).where('id', '=', rule.id).execute();
    expect((await payment()).status).toBe(200);
    const sent = await k().selectFrom('outbox_messages').selectAll().where('doc_id', '=', String(order.id)).execute();
    expect(sent.map((m) => m.address)).toContain('ana@correo.example');
    expect(sent).toHaveLength(2);
  });

  it('the same e-mail asked twice within a minute is queued once (a 409 says so); after the minute it goes again', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'CLOSED', false);
    const closed = () => server.app.request(`/orders/secured/event/send/closed?orderId=${order.id}&emailForced=luis%40correo.example`, { method: 'POST', headers: { authorization: `Bearer ${tokens.soporte}` } });
    const queued = async () => (await k().selectFrom('outbox_messages').select('id').where('doc_id', '=', String(order.id)).where('address', '=', 'luis@correo.example').execute()).length;
    const answers = await Promise.all([closed(), closed()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(((await refused.json()) as { error_description: string }).error_description).toBe(Msg.alreadySent);
    expect(await queued()).toBe(1);
    server.clock.t += RESEND_WINDOW_MS + 1000;
    expect((await closed()).status).toBe(200);
    expect(await queued()).toBe(2);
  });

  it('a card of a payment element is blacklisted by a fraud analyst and unmarked by any editor', async () => {
    // A card that paid an order of its customer and that no list holds.
    const paid = await k()
      .selectFrom('payment_orders as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .leftJoin('blacklist_entries as b', (j) => j.on('b.type', '=', 'CARD').onRef('b.value', '=', 'p.unique_number_identifier'))
      .select(['o.account_id', 'p.unique_number_identifier'])
      .where('p.unique_number_identifier', 'is not', null)
      .where('b.id', 'is', null)
      .executeTakeFirstOrThrow();
    const card = { accountId: paid.account_id, paymentMethod: { uniqueNumberIdentifier: paid.unique_number_identifier!, paymentType: 'CARD' } };
    expect((await post('/blacklist/secured/add', card, tokens.lector)).status).toBe(403);
    expect((await post('/blacklist/secured/add', card, tokens.operaciones)).status).toBe(403);
    expect((await post('/blacklist/secured/add', card, tokens.fraude)).status).toBe(200);
    expect((await post('/blacklist/secured/add', { phoneNumbers: ['5355512345'] }, tokens.fraude)).status).toBe(403);
    expect((await post('/blacklist/secured/remove', card, tokens.operaciones)).status).toBe(200);
  });

  it('Zelle: register needs CRM2_SUPER_ACTION; transfers are listed by origin id, 4 per page', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'PENDING_ZELLE_CONFIRM', false);
    const body = { name: 'Ana Pérez', amount: '25.00', currency: 'USD', createDate: '2026-11-20', from: 'ana@correo.example', to: 'pagos@cubacel.example', referenceCode: order.originId };
    expect((await post('/upg/secured/zelle/cubacel/cubacel/transfers', body, tokens.soporte)).status).toBe(403);
    expect((await post('/upg/secured/zelle/cubacel/cubacel/transfers', { ...body, name: '' }, tokens.fraude)).status).toBe(400);
    expect((await post('/upg/secured/zelle/cubacel/cubacel/transfers', body, tokens.fraude)).status).toBe(200);
    const listed = await server.get(`/upg/secured/zelle/cubacel/cubacel/transfers/byOriginId?originId=${order.originId}`, tokens.fraude);
    const page = (await listed.json()) as { data: { elements: { originId: string; details: { amount: number } }[] } };
    expect(page.data.elements.map((z) => z.originId)).toContain(order.originId);
    const unlinked = (await (await server.get('/upg/secured/zelle/cubacel/cubacel/transfers/byOriginId', tokens.fraude)).json()) as { data: { elements: { originId: null }[] } };
    expect(unlinked.data.elements.length).toBeLessThanOrEqual(4);
    expect(unlinked.data.elements.every((z) => z.originId === null)).toBe(true);
    await setOrder(order.id, 'CLOSED', false);
    expect((await post('/upg/secured/zelle/cubacel/cubacel/transfers', body, tokens.fraude)).status).toBe(409);
  });

  it('closing several orders is all or nothing', async () => {
    const a = await freshOrder();
    const b = await freshOrder();
    await setOrder(a.id, 'OPEN', false);
    await setOrder(b.id, 'CLOSED', false);
    expect((await post('/orders/secured/close/order', { ids: [a.id, b.id] })).status).toBe(409);
    expect(await statusOf(a.id)).toBe('OPEN');
    expect((await post('/orders/secured/close/order', { ids: [a.id] }, tokens.soporte)).status).toBe(403);
    expect((await post('/orders/secured/close/order', { ids: [] })).status).toBe(400);
  });

  it('an order that does not exist is a 404, a missing order id a 400', async () => {
    expect((await post('/orders/secured/risk/approve', { orderId: 999999 })).status).toBe(404);
    expect((await post('/orders/secured/risk/approve', {})).status).toBe(400);
    expect(EVERYTHING.length).toBeGreaterThan(10);
  });
});
