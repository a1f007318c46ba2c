import { describe, expect, it } from 'vitest';
import { OrderRefused, RefundMsg } from '@/domain/order-actions';
import { formatMoney } from '@/domain/format';
import { orderActionText } from '@/i18n/es-order-actions';
import { ALL_PERMISSIONS } from '@/domain/permissions';
import { order } from '@/machines/order/order.machine';
import { offer } from '@/machines/order/offer.machine';
import { refund } from '@/machines/order/refund.machine';
import { paymentRule } from '@/machines/order/payment-rule.machine';
import { titleOf } from '@/machines/lifecycle/form';
import { restoredChart } from '@/machines/lifecycle/restore';
import { requestRefusal, rowFor, type AnyLifecycle } from '@/machines/lifecycle/table';
import { wireRequestOf } from '@/api/actions';

/**
 * A row's form as the screen opens it: from the chart restored with the page's facts. `check` is the
 * form's own reading of what was typed; `ask` is what the person sees on 'Aceptar': the form's
 * message, else the chart's refusal of the request it gives (asked as the server asks it), else the
 * payload that goes on to the question.
 */
function opened(lifecycle: AnyLifecycle, event: string, input: Record<string, unknown>, subject: unknown) {
  const row = rowFor(lifecycle.rows, event)!;
  const form = row.form!;
  const snapshot = restoredChart(lifecycle.machine, { ...input, permissions: [...ALL_PERMISSIONS] });
  const context = snapshot.context;
  const value = form.initial(context, subject) as Record<string, unknown>;
  const check = (typed: Record<string, unknown>) => form.validate({ ...value, ...typed }, context, subject);
  const ask = (typed: Record<string, unknown>) => {
    const checked = check(typed);
    if (!checked.ok) return checked;
    const request = wireRequestOf(row, subject, checked.payload, { accountId: 1, tenant: 'cubacel' });
    const refused = request && requestRefusal(row, snapshot, request);
    return refused ? { ok: false, message: refused } : checked;
  };
  return { form, context, subject, value, check, ask };
}

const offerText = orderActionText.offer;
const orderSubject = { id: 7, totalPrice: 25, currency: 'USD', email: 'ana@correo.example' };
const offerSubject = { id: 31, orderId: 7, title: 'Recarga 500', currency: 'USD' };
const refundInput = { price: 20, refunded: 5, productType: 'TOPUP', itemStatus: 'OPEN' };

describe('the order forms beside their charts', () => {
  it("'Compensar' opens on the whole total and sends it; a partial one needs a positive amount", () => {
    const { form, value, check, ask, context, subject } = opened(order, 'order.compensate', { status: 'CLOSED', totalRefundAllowed: false, itemsFinished: true, total: 25, email: true }, orderSubject);
    expect(titleOf(form, context, subject)).toBe('Compensar la orden 7');
    expect(form.description!(context, subject)).toBe(orderActionText.order.compensateHint(formatMoney(25, 'USD')));
    expect(value).toEqual({ kind: 'full', amount: '' });
    expect(check({})).toEqual({ ok: true, payload: { full: true } });
    const amount = form.fields.find((f) => f.name === 'amount')!;
    expect(amount.when!(value, context)).toBe(false);
    expect(amount.when!({ kind: 'partial' }, context)).toBe(true);
    expect(check({ kind: 'partial', amount: 'diez' })).toEqual({ ok: false, message: RefundMsg.numeric });
    expect(check({ kind: 'partial', amount: '0' })).toEqual({ ok: false, message: RefundMsg.numeric });
    expect(check({ kind: 'partial', amount: '2,5' })).toEqual({ ok: true, payload: { full: false, amount: 2.5 } });
    // More than the order's total is the order chart's refusal, the server's text, before any question.
    expect(ask({ kind: 'partial', amount: '25,01' })).toEqual({ ok: false, message: OrderRefused.compensationAboveTotal });
    expect(ask({ kind: 'partial', amount: '25' })).toEqual({ ok: true, payload: { full: false, amount: 25 } });
    expect(ask({})).toEqual({ ok: true, payload: { full: true } });
  });

  it("'Notificar cierre' and the charge's 'Notificar' open with the order's address and send what is typed, trimmed", () => {
    const closed = opened(order, 'order.notifyClosed', { status: 'CLOSED', email: true }, orderSubject);
    expect(closed.value).toEqual({ email: 'ana@correo.example' });
    expect(closed.check({ email: '  otro@correo.example ' })).toEqual({ ok: true, payload: 'otro@correo.example' });
    expect(closed.form.id(orderSubject)).toBe('notify-closed-7');
    const rule = { id: 4, transactionId: 'T-9', status: 'PAID', orderId: 7, accountId: 3, email: null };
    const paid = opened(paymentRule, 'rule.notify', { status: 'PAID', email: false }, rule);
    expect(paid.value).toEqual({ email: '' });
    expect(titleOf(paid.form, paid.context, rule)).toBe('Notificar el cobro T-9');
    expect(paid.check({})).toEqual({ ok: true, payload: '' });
  });

  it("an e-mail left empty goes to the order's own address: without one the chart refuses it beside the form, the server's text", () => {
    const closed = opened(order, 'order.notifyClosed', { status: 'CLOSED', total: 25, email: false }, { ...orderSubject, email: null });
    expect(closed.ask({ email: '' })).toEqual({ ok: false, message: OrderRefused.noEmail });
    expect(closed.ask({ email: 'otro@correo.example' })).toEqual({ ok: true, payload: 'otro@correo.example' });
    expect(opened(order, 'order.notifyClosed', { status: 'CLOSED', total: 25, email: true }, orderSubject).ask({ email: '' })).toEqual({ ok: true, payload: '' });
    const rule = { id: 4, transactionId: 'T-9', status: 'PAID', orderId: 7, accountId: 3, email: null };
    const paid = opened(paymentRule, 'rule.notify', { status: 'PAID', email: false }, rule);
    expect(paid.ask({})).toEqual({ ok: false, message: OrderRefused.noEmail });
    expect(paid.ask({ email: 'otro@correo.example' })).toEqual({ ok: true, payload: 'otro@correo.example' });
  });

  it("'Reembolso parcial' says what is left; words are the form's refusal, no amount, more than that or less than the minimum the chart's", () => {
    const { form, check, ask, context, subject } = opened(refund, 'refund.partial', refundInput, offerSubject);
    expect(form.description!(context, subject)).toBe(offerText.left(formatMoney(15, 'USD')));
    expect(check({ amount: 'abc' })).toEqual({ ok: false, message: RefundMsg.numeric });
    // The form reads the amount; how much is the refund chart's rule, the server's too.
    expect(check({ amount: '15,01' })).toEqual({ ok: true, payload: { amount: 15.01 } });
    expect(ask({ amount: '' })).toEqual({ ok: false, message: RefundMsg.amountRequired });
    expect(ask({ amount: '15,01' })).toEqual({ ok: false, message: RefundMsg.amountTooHigh });
    expect(ask({ amount: '0,05' })).toEqual({ ok: false, message: RefundMsg.amountInvalid });
    expect(ask({ amount: '15' })).toEqual({ ok: true, payload: { amount: 15 } });
    // Not compound: no second amount.
    expect(form.fields.find((f) => f.name === 'valueItem')!.when!({}, context)).toBe(false);
  });

  it('a compound payment refunds the amount or the value of the item, and says so', () => {
    const { form, ask, context, subject } = opened(refund, 'refund.partial', { ...refundInput, compound: true }, offerSubject);
    expect(form.description!(context, subject)).toBe(offerText.compoundHint);
    expect(form.fields.find((f) => f.name === 'valueItem')!.when!({}, context)).toBe(true);
    expect(ask({})).toEqual({ ok: false, message: RefundMsg.compoundNeedsValue });
    expect(ask({ valueItem: 'x' })).toEqual({ ok: false, message: RefundMsg.numeric });
    expect(ask({ valueItem: '3' })).toEqual({ ok: true, payload: { partialValueItem: 3 } });
    expect(ask({ amount: '4', valueItem: '3' })).toEqual({ ok: true, payload: { amount: 4 } });
    expect(ask({ valueItem: '16' })).toEqual({ ok: false, message: RefundMsg.amountTooHigh });
  });

  it("'Pasar a crédito' opens with what is left of the price and refuses nothing typed, words, and (the chart) more", () => {
    const input = { status: 'CLOSED', previousStatus: null, creditHeld: true, productType: 'TOPUP', itemStatus: 'OPEN', price: 20, refunded: 5 };
    const { form, value, check, ask, context, subject } = opened(offer, 'offer.toCredit', input, offerSubject);
    expect(value).toEqual({ amount: '15,00' });
    expect(ask({})).toEqual({ ok: true, payload: 15 });
    expect(check({ amount: '' })).toEqual({ ok: false, message: RefundMsg.amountRequired });
    expect(check({ amount: 'x' })).toEqual({ ok: false, message: RefundMsg.numeric });
    expect(ask({ amount: '15,5' })).toEqual({ ok: false, message: RefundMsg.amountTooHigh });
    expect(ask({ amount: '0,05' })).toEqual({ ok: false, message: RefundMsg.amountInvalid });
    expect(titleOf(form, context, subject)).toBe('Pasar a crédito Recarga 500');
    expect(form.id(subject)).toBe('credit-amount-31');
  });
});
