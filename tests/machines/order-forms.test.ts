import { describe, expect, it } from 'vitest';
import { RefundMsg } from '@/domain/order-actions';
import { formatMoney } from '@/domain/format';
import { orderActionText } from '@/i18n/es-order-actions';
import { Permission } from '@/domain/permissions';
import { order } from '@/machines/order/order.machine';
import { offer } from '@/machines/order/offer.machine';
import { refund } from '@/machines/order/refund.machine';
import { paymentRule } from '@/machines/order/payment-rule.machine';
import { titleOf } from '@/machines/lifecycle/form';
import { restoredChart } from '@/machines/lifecycle/restore';
import { rowFor, type AnyLifecycle } from '@/machines/lifecycle/table';

/** A row's form as the screen opens it: from the chart restored with the page's facts. */
function opened(lifecycle: AnyLifecycle, event: string, input: Record<string, unknown>, subject: unknown) {
  const form = rowFor(lifecycle.rows, event)!.form!;
  const context = restoredChart(lifecycle.machine, { ...input, permissions: [Permission.DO_ACTION] }).context;
  const value = form.initial(context, subject) as Record<string, unknown>;
  return { form, context, subject, value, check: (typed: Record<string, unknown>) => form.validate({ ...value, ...typed }, context, subject) };
}

const offerText = orderActionText.offer;
const orderSubject = { id: 7, totalPrice: 25, currency: 'USD', email: 'ana@correo.example' };
const offerSubject = { id: 31, orderId: 7, title: 'Recarga 500', currency: 'USD' };
const refundInput = { price: 20, refunded: 5, productType: 'TOPUP', itemStatus: 'FULFILLED' };

describe('the order forms beside their charts', () => {
  it("'Compensar' opens on the whole total and sends it; a partial one needs a positive amount", () => {
    const { form, value, check, context, subject } = opened(order, 'order.compensate', { status: 'CLOSED', totalRefundAllowed: false, itemsFinished: true }, orderSubject);
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
  });

  it("'Notificar cierre' and the charge's 'Notificar' open with the order's address and send what is typed, trimmed", () => {
    const closed = opened(order, 'order.notifyClosed', { status: 'CLOSED' }, orderSubject);
    expect(closed.value).toEqual({ email: 'ana@correo.example' });
    expect(closed.check({ email: '  otro@correo.example ' })).toEqual({ ok: true, payload: 'otro@correo.example' });
    expect(closed.form.id(orderSubject)).toBe('notify-closed-7');
    const rule = { id: 4, transactionId: 'T-9', status: 'PAID', orderId: 7, accountId: 3, email: null };
    const paid = opened(paymentRule, 'rule.notify', { status: 'PAID' }, rule);
    expect(paid.value).toEqual({ email: '' });
    expect(titleOf(paid.form, paid.context, rule)).toBe('Notificar el cobro T-9');
    expect(paid.check({})).toEqual({ ok: true, payload: '' });
  });

  it("'Reembolso parcial' says what is left and refuses more than that, less than the minimum, or words", () => {
    const { form, check, context, subject } = opened(refund, 'refund.partial', refundInput, offerSubject);
    expect(form.description!(context, subject)).toBe(offerText.left(formatMoney(15, 'USD')));
    expect(check({ amount: 'abc' })).toEqual({ ok: false, message: RefundMsg.numeric });
    expect(check({ amount: '' })).toEqual({ ok: false, message: RefundMsg.amountRequired });
    expect(check({ amount: '15,01' })).toEqual({ ok: false, message: RefundMsg.amountTooHigh });
    expect(check({ amount: '0,05' })).toEqual({ ok: false, message: RefundMsg.amountInvalid });
    expect(check({ amount: '15' })).toEqual({ ok: true, payload: { amount: 15 } });
    // Not compound: no second amount.
    expect(form.fields.find((f) => f.name === 'valueItem')!.when!({}, context)).toBe(false);
  });

  it('a compound payment refunds the amount or the value of the item, and says so', () => {
    const { form, check, context, subject } = opened(refund, 'refund.partial', { ...refundInput, compound: true }, offerSubject);
    expect(form.description!(context, subject)).toBe(offerText.compoundHint);
    expect(form.fields.find((f) => f.name === 'valueItem')!.when!({}, context)).toBe(true);
    expect(check({})).toEqual({ ok: false, message: RefundMsg.compoundNeedsValue });
    expect(check({ valueItem: 'x' })).toEqual({ ok: false, message: RefundMsg.numeric });
    expect(check({ valueItem: '3' })).toEqual({ ok: true, payload: { partialValueItem: 3 } });
    expect(check({ amount: '4', valueItem: '3' })).toEqual({ ok: true, payload: { amount: 4 } });
    expect(check({ valueItem: '16' })).toEqual({ ok: false, message: RefundMsg.amountTooHigh });
  });

  it("'Pasar a crédito' opens with what is left of the price the card shows and refuses more", () => {
    const input = { status: 'CLOSED', previousStatus: null, creditHeld: true, productType: 'TOPUP', itemStatus: 'FULFILLED', price: 20, refunded: 5 };
    const { form, value, check, context, subject } = opened(offer, 'offer.toCredit', input, offerSubject);
    expect(value).toEqual({ amount: '15,00' });
    expect(check({})).toEqual({ ok: true, payload: 15 });
    expect(check({ amount: '15,5' })).toEqual({ ok: false, message: RefundMsg.amountTooHigh });
    expect(titleOf(form, context, subject)).toBe('Pasar a crédito Recarga 500');
    expect(form.id(subject)).toBe('credit-amount-31');
  });
});
