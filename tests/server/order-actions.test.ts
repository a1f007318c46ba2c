import { describe, expect, it } from 'vitest';
import { EVERYTHING } from '../support/lifecycles';
import { OrderRefused, RefundMsg } from '@/domain/order-actions';
import { Msg } from '@/domain/messages';
import { RESEND_WINDOW_MS } from '../../server/activity/outbox';
import { orderActionsServer } from '../support/order-actions-server';

const { server, tokens, k, freshOrder, setOrder, statusOf, logsOf, post, sendOrderEvent, offerStatus, refundedOf } = orderActionsServer();

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
    const first = await post('/orders/secured/checkout/cancel/payment', { orderId: order.id }, tokens.admin!, key);
    expect(first.status).toBe(409);
    expect(((await first.json()) as { error_description: string }).error_description).toBe(OrderRefused.cancel);
    expect((await post('/orders/secured/checkout/cancel/payment', { orderId: order.id }, tokens.admin!, key)).headers.get('idempotent-replayed')).toBe('true');
    expect((await post('/orders/secured/risk/approve', { orderId: order.id }, tokens.admin!, { 'idempotency-key': 'x' })).status).toBe(400);
  });

  it.each([
    // What the amount is, or that there is one, is the refund chart's rule (409 with its text); words are the request's shape (400).
    [{}, 409, RefundMsg.amountRequired],
    [{ amount: 0.05 }, 409, RefundMsg.amountInvalid],
    [{ amount: 9999 }, 409, RefundMsg.amountTooHigh],
    [{ partialValueItem: 9999 }, 409, RefundMsg.amountTooHigh],
    [{ amount: 'abc' }, 400, RefundMsg.numeric],
  ])('a partial refund with %o answers %i "%s" and changes nothing', async (extra, status, message) => {
    const order = await freshOrder();
    await setOrder(order.id, 'OPEN', false);
    const response = await post('/orders/secured/refund/payment', { orderId: order.id, foIds: [order.offerId], ...extra });
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error_description: string }).error_description).toBe(message);
    expect(await logsOf(order.id)).toBe(0);
    expect(await refundedOf(order)).toBe(0);
  });

  it('a partial refund is of one offer: two is the request’s shape (400), nothing refunded', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'OPEN', false);
    const response = await post('/orders/secured/refund/payment', { orderId: order.id, foIds: [order.offerId, order.offerId + 1], amount: 1 });
    expect([response.status, ((await response.json()) as { error_description: string }).error_description]).toEqual([400, RefundMsg.oneOffer]);
    expect(await logsOf(order.id)).toBe(0);
  });

  it('a partial refund of a compound payment needs an amount or a value item: the chart’s 409, nothing written; with one it goes', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'OPEN', false);
    await k()
      .insertInto('payment_orders')
      .values({ order_id: order.id, payment_method_type: 'USER_CREDIT', nonce_type: null, payment_gateway: null, card_type: null, first_six: null, last_four: null, is_debit: 0, issuing_bank: null, unique_number_identifier: null, amount: 1 })
      .execute();
    const response = await post('/orders/secured/refund/payment', { orderId: order.id, foIds: [order.offerId] });
    expect([response.status, ((await response.json()) as { error_description: string }).error_description]).toEqual([409, RefundMsg.compoundNeedsValue]);
    expect(await logsOf(order.id)).toBe(0);
    expect(await refundedOf(order)).toBe(0);
    expect((await post('/orders/secured/refund/payment', { orderId: order.id, foIds: [order.offerId], partialValueItem: 0.5 })).status).toBe(200);
    expect(await refundedOf(order)).toBe(0.5);
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

  it('passing more than is left to credit is the offer chart’s 409 (its text), and no credit moves', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'OPEN', false);
    const price = (await k().selectFrom('fulfillment_orders').select('price').where('id', '=', order.offerId).executeTakeFirstOrThrow()).price;
    const credits = async () => (await k().selectFrom('credit_transactions').select('id').where('account_id', '=', order.accountId).execute()).length;
    const before = await credits();
    const response = await post('/orders/secured/refund/payment', { orderId: order.id, foIds: [order.offerId], toCredit: true, amountCredit: Math.round((price + 0.01) * 100) / 100 });
    expect([response.status, ((await response.json()) as { error_description: string }).error_description]).toEqual([409, RefundMsg.amountTooHigh]);
    expect(await offerStatus(order)).toBe('OPEN');
    expect(await logsOf(order.id)).toBe(0);
    expect(await credits()).toBe(before);
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
    expect([bad.status, ((await bad.json()) as { error_description: string }).error_description]).toEqual([400, RefundMsg.numeric]);
    expect((await post('/orders/secured/compensation', { orderId: order.id, amount: '1,50' }, tokens.soporte)).status).toBe(200);
    expect((await post('/orders/secured/compensation', { orderId: order.id, full: true }, tokens.soporte)).status).toBe(200);
  });

  it('a compensation above the order’s total is the order chart’s 409 with its text: no credit, no log; the total itself goes', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'CLOSED', false);
    const credits = async () => (await k().selectFrom('credit_transactions').select('id').where('account_id', '=', order.accountId).execute()).length;
    const before = await credits();
    const above = await post('/orders/secured/compensation', { orderId: order.id, amount: Math.round((order.totalPrice + 0.01) * 100) / 100 }, tokens.soporte);
    expect([above.status, ((await above.json()) as { error_description: string }).error_description]).toEqual([409, OrderRefused.compensationAboveTotal]);
    expect(await credits()).toBe(before);
    expect(await logsOf(order.id)).toBe(0);
    expect((await post('/orders/secured/compensation', { orderId: order.id, amount: order.totalPrice }, tokens.soporte)).status).toBe(200);
    expect(await credits()).toBe(before + 1);
  });

  it('an e-mail of an order without an address, and none given, is the chart’s 409 (closing and payment alike): nothing queued, nothing logged', async () => {
    const order = await freshOrder();
    await setOrder(order.id, 'CLOSED', false);
    await k().updateTable('orders').set({ email: null }).where('id', '=', order.id).execute();
    const rule = await k().selectFrom('applied_charge_rules').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    await k().updateTable('applied_charge_rules').set({ status: 'PAID' }).where('id', '=', rule.id).execute();
    const send = (path: string, query: string) => server.app.request(`/orders/secured/event/send/${path}?orderId=${order.id}${query}`, { method: 'POST', headers: { authorization: `Bearer ${tokens.soporte}` } });
    const queued = async () => (await k().selectFrom('outbox_messages').select('id').where('doc_id', '=', String(order.id)).execute()).length;
    for (const [path, query] of [['closed', ''], ['closed', '&emailForced='], ['payment', `&appliedId=${rule.id}&refund=false`]] as const) {
      const refused = await send(path, query);
      expect([refused.status, ((await refused.json()) as { error_description: string }).error_description], `${path}${query}`).toEqual([409, OrderRefused.noEmail]);
    }
    expect(await queued()).toBe(0);
    expect(await logsOf(order.id)).toBe(0);
    expect((await send('closed', '&emailForced=dado%40correo.example')).status).toBe(200);
    expect((await send('payment', `&appliedId=${rule.id}&refund=false&emailForced=dado%40correo.example`)).status).toBe(200);
    expect(await queued()).toBe(2);
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
