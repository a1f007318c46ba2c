import { restoredChart } from '@/machines/lifecycle/restore';
import { describe, expect, it } from 'vitest';
import { accepts, offeredEvents, run, type AnyEvent } from '../support/chart-checks';
import { EVERYTHING } from '../support/lifecycles';
import { order } from '@/machines/order/order.machine';
import { offer } from '@/machines/order/offer.machine';
import { refund } from '@/machines/order/refund.machine';
import { zelleLink } from '@/machines/order/zelle-link.machine';
import { paymentRule } from '@/machines/order/payment-rule.machine';
import { ORDER_STATUSES } from '@/domain/order-status';
import { APPLIED_RULE_STATUSES, OrderRefused, RefundMsg } from '@/domain/order-actions';
import { ChargeOrderMsg } from '@/domain/charge-order';
import { formatMoney } from '@/domain/format';
import { chargeOrder } from '@/machines/charge-order/charge-order.machine';
import { Permission } from '@/domain/permissions';
import { refusalOf, rowFor, type AnyLifecycle } from '@/machines/lifecycle/table';

/** The spec's order rules (details §4) as the order's charts and their tables answer them. */

const without = (permission: string) => EVERYTHING.filter((p) => p !== permission);
const anOrder = (status: string, permissions: readonly string[] = EVERYTHING, extra: Record<string, unknown> = {}) => ({
  status,
  permissions,
  totalRefundAllowed: false,
  itemsFinished: false,
  total: 25,
  email: true,
  ...extra,
});

describe('the order chart', () => {
  it('a reader may do nothing to an order, whatever its status', () => {
    for (const status of ORDER_STATUSES) expect(offeredEvents(order, anOrder(status, without(Permission.EDITOR), { totalRefundAllowed: true })), status).toEqual([]);
  });

  it('approving and cancelling a risk order needs CRM7_FRAUD_COMPLETE; a Zelle cancel needs CRM2_SUPER_ACTION', () => {
    expect(accepts(order, anOrder('RISK', without(Permission.FRAUD_COMPLETE)), { type: 'order.approve' })).toBe(false);
    expect(accepts(order, anOrder('RISK'), { type: 'order.approve' })).toBe(true);
    expect(accepts(order, anOrder('RISK', without(Permission.FRAUD_COMPLETE)), { type: 'order.cancel' })).toBe(false);
    expect(accepts(order, anOrder('PENDING_ZELLE_CONFIRM', without(Permission.SUPER_ACTION)), { type: 'order.cancel' })).toBe(false);
    expect(accepts(order, anOrder('PENDING_ZELLE_CONFIRM', without(Permission.FRAUD_COMPLETE)), { type: 'order.cancel' })).toBe(true);
  });

  it('a full refund needs an OPEN order whose total refund is allowed', () => {
    expect(accepts(order, anOrder('OPEN'), { type: 'order.refundFull' })).toBe(false);
    expect(accepts(order, anOrder('OPEN', EVERYTHING, { totalRefundAllowed: true }), { type: 'order.refundFull' })).toBe(true);
  });

  it('any order but a CLOSED or CANCELLED one can be closed; a cancelled order is final', () => {
    for (const status of ORDER_STATUSES) expect(accepts(order, anOrder(status), { type: 'order.close' }), status).toBe(status !== 'CLOSED' && status !== 'CANCELLED');
    expect(run(order, anOrder('RISK'), { type: 'order.cancel' }, { type: 'order.close' }).value).toBe('CANCELLED');
  });

  it('"notify close" only for a CLOSED order (the rule lives in the chart, not in the screen or the server)', () => {
    for (const status of ORDER_STATUSES) expect(offeredEvents(order, anOrder(status)).includes('order.notifyClosed'), status).toBe(status === 'CLOSED');
    expect(accepts(order, anOrder('CLOSED', without(Permission.AGENT)), { type: 'order.notifyClosed' })).toBe(false);
  });

  it("CLL1 ('Cerrar si terminó') settles an OPEN order only when its items are all finished, and is offered then, with CRM2_SUPER_ACTION", () => {
    expect(accepts(order, anOrder('OPEN'), { type: 'order.settle' })).toBe(false);
    expect(offeredEvents(order, anOrder('OPEN'))).not.toContain('order.settle');
    expect(run(order, anOrder('OPEN', EVERYTHING, { itemsFinished: true }), { type: 'order.settle' }).value).toBe('CLOSED');
    expect(offeredEvents(order, anOrder('OPEN', EVERYTHING, { itemsFinished: true }))).toContain('order.settle');
    expect(offeredEvents(order, anOrder('OPEN', without(Permission.SUPER_ACTION), { itemsFinished: true }))).not.toContain('order.settle');
    for (const status of ORDER_STATUSES.filter((s) => s !== 'OPEN')) expect(offeredEvents(order, anOrder(status, EVERYTHING, { itemsFinished: true })), status).not.toContain('order.settle');
  });

  it('CLL1 answered with the order still open (the server skipped it: an item reopened meanwhile) is a refusal, not "quedó cerrada"', () => {
    const settle = rowFor(order.rows, 'order.settle')!;
    const answer = (status: string) => ({ elements: [{ status }] }) as Parameters<NonNullable<typeof settle.failure>>[0];
    expect(settle.failure?.(answer('CLOSED'))).toBeNull();
    expect(settle.failure?.(answer('OPEN'))).toBe(OrderRefused.settle);
  });

  it('a compensation changes no status and needs CRM_COMPENSATION_PAY', () => {
    expect(accepts(order, anOrder('OPEN'), { type: 'order.compensate' })).toBe(true);
    expect(run(order, anOrder('OPEN'), { type: 'order.compensate' }).value).toBe('OPEN');
    expect(accepts(order, anOrder('CLOSED', without(Permission.COMPENSATION_PAY)), { type: 'order.compensate' })).toBe(false);
  });
});

describe('offers, refunds and charge rules', () => {
  const credited = (permissions: readonly string[]) => ({ status: 'REFUND_TO_CREDIT', previousStatus: 'OPEN', creditHeld: true, productType: 'SALDO', itemStatus: 'REFUND_TO_CREDIT', price: 10, refunded: 0, permissions });

  it('only CRM2_SUPER_ACTION reverts a pass to credit, back to where it came from', () => {
    expect(accepts(offer, credited(without(Permission.SUPER_ACTION)), { type: 'offer.revertCredit' })).toBe(false);
    expect(run(offer, credited(EVERYTHING), { type: 'offer.revertCredit' }).value).toBe('OPEN');
    expect(run(offer, { ...credited(EVERYTHING), previousStatus: 'CLOSED' }, { type: 'offer.revertCredit' }).value).toBe('CLOSED');
  });

  it('a revert takes the credit back: refused, with its text, once the customer spent it (issue 25)', () => {
    const spent = { ...credited(EVERYTHING), creditHeld: false };
    expect(accepts(offer, spent, { type: 'offer.revertCredit' })).toBe(false);
    expect(refusalOf(rowFor(offer.rows, 'offer.revertCredit')!, restoredChart(offer.machine, spent), { type: 'offer.revertCredit' })).toBe(OrderRefused.creditSpent);
    expect(refusalOf(rowFor(offer.rows, 'offer.revertCredit')!, restoredChart(offer.machine, { ...spent, status: 'OPEN' }), { type: 'offer.revertCredit' })).toBe(OrderRefused.revertCredit);
  });

  it('"to credit" hides with the other refund buttons: a delivered top-up cannot pass to credit', () => {
    const open = { status: 'OPEN', previousStatus: null, price: 10, refunded: 0, permissions: EVERYTHING };
    expect(accepts(offer, { ...open, productType: 'TOPUP', itemStatus: 'FULFILLED' }, { type: 'offer.toCredit' })).toBe(false);
    expect(accepts(offer, { ...open, productType: 'TOPUP', itemStatus: 'OPEN' }, { type: 'offer.toCredit' })).toBe(true);
    expect(accepts(offer, { ...open, productType: 'SALDO', itemStatus: 'PENDING_DELIVERY' }, { type: 'offer.toCredit' })).toBe(false);
  });

  it('refunds: at least 0.1, at most what is left; what takes the rest is total; a delivered top-up is not refundable', () => {
    const base = { price: 10, refunded: 0, productType: 'SALDO', itemStatus: 'OPEN', permissions: EVERYTHING };
    expect(accepts(refund, base, { type: 'refund.partial', amount: 0.09 })).toBe(false);
    expect(accepts(refund, base, { type: 'refund.partial', amount: 0.1 })).toBe(true);
    expect(accepts(refund, base, { type: 'refund.partial', amount: 10.01 })).toBe(false);
    expect(run(refund, base, { type: 'refund.partial', amount: 10 }).value).toBe('refunded');
    expect(run(refund, base, { type: 'refund.partial', amount: 4 }).context.refunded).toBe(4);
    expect(accepts(refund, { ...base, productType: 'TOPUP', itemStatus: 'FULFILLED' }, { type: 'refund.full' })).toBe(false);
  });

  it('a charge rule is notified only when it moved money: PAID, PROCESSED or REFUNDED (CRM7_AGENT)', () => {
    for (const status of APPLIED_RULE_STATUSES) {
      expect(offeredEvents(paymentRule, { status, permissions: EVERYTHING }).includes('rule.notify'), status).toBe(['PAID', 'PROCESSED', 'REFUNDED'].includes(status));
    }
    expect(accepts(paymentRule, { status: 'PAID', permissions: without(Permission.AGENT) }, { type: 'rule.notify' })).toBe(false);
  });
});

describe('Zelle', () => {
  const transfer = (orderStatus: string | null, registered = true) => ({ registered, linked: false, processed: false, orderStatus, permissions: EVERYTHING });

  it('is offered only while the order is neither CLOSED nor CANCELLED', () => {
    expect(accepts(zelleLink, transfer('PENDING_ZELLE_CONFIRM', false), { type: 'zelle.register', linked: true })).toBe(true);
    expect(accepts(zelleLink, transfer('CLOSED', false), { type: 'zelle.register', linked: true })).toBe(false);
    // A transfer of nobody's order can always be registered, to be linked later.
    expect(accepts(zelleLink, transfer('CLOSED', false), { type: 'zelle.register', linked: false })).toBe(true);
    expect(accepts(zelleLink, transfer('CANCELLED'), { type: 'zelle.link' })).toBe(false);
    expect(accepts(zelleLink, transfer('OPEN'), { type: 'zelle.link' })).toBe(true);
  });

  it('a transfer registered without a reference waits to be linked; with one it is linked at once', () => {
    expect(run(zelleLink, transfer(null, false), { type: 'zelle.register', linked: false }).value).toBe('unlinked');
    expect(run(zelleLink, transfer('OPEN', false), { type: 'zelle.register', linked: true }).value).toBe('linked');
    expect(accepts(zelleLink, { ...transfer('OPEN'), processed: true }, { type: 'zelle.link' })).toBe(false);
  });
});

describe("issue 38: what a request asks is the chart's question, with the chart's Spanish reason", () => {
  /** The reason the chart restored from an input gives for an event (null when it takes it), as the mover answers it. */
  const reason = (lifecycle: AnyLifecycle, input: Record<string, unknown>, event: AnyEvent) => {
    const snapshot = restoredChart(lifecycle.machine, { permissions: EVERYTHING, ...input });
    return snapshot.can(event as never) ? null : refusalOf(rowFor(lifecycle.rows, event.type)!, snapshot, event);
  };
  const closedOrder = { status: 'CLOSED', totalRefundAllowed: false, itemsFinished: true, total: 25, email: true };

  it('a compensation is the total or part of it, never more; the button is offered while there is a total to give', () => {
    expect(reason(order, closedOrder, { type: 'order.compensate', amount: 25.01 })).toBe(OrderRefused.compensationAboveTotal);
    expect(reason(order, closedOrder, { type: 'order.compensate', amount: 25 })).toBeNull();
    expect(reason(order, closedOrder, { type: 'order.compensate' })).toBeNull();
    expect(reason(order, { ...closedOrder, total: 0 }, { type: 'order.compensate' })).toBe(OrderRefused.compensationAboveTotal);
    // Someone who may not compensate is not told about the amount: the permission is asked first (403 on the server).
    expect(accepts(order, { ...closedOrder, permissions: without(Permission.COMPENSATION_PAY) }, { type: 'order.compensate', amount: 1 })).toBe(false);
  });

  it("the closing e-mail and a charge's e-mail go to the address given, else the order's: an order without one must be given one", () => {
    const mute = { ...closedOrder, email: false };
    expect(reason(order, mute, { type: 'order.notifyClosed', emailForced: '' })).toBe(OrderRefused.noEmail);
    expect(reason(order, mute, { type: 'order.notifyClosed', emailForced: 'otro@correo.example' })).toBeNull();
    expect(reason(order, closedOrder, { type: 'order.notifyClosed', emailForced: '' })).toBeNull();
    // The button is offered: its form asks for the address.
    expect(offeredEvents(order, { ...mute, permissions: EVERYTHING })).toContain('order.notifyClosed');
    // Not CLOSED: the state's own reason, whatever the address.
    expect(reason(order, { ...mute, status: 'OPEN' }, { type: 'order.notifyClosed', emailForced: '' })).toBe(OrderRefused.notifyClosed);
    expect(reason(paymentRule, { status: 'PAID', email: false }, { type: 'rule.notify', emailForced: '' })).toBe(OrderRefused.noEmail);
    expect(reason(paymentRule, { status: 'PAID', email: false }, { type: 'rule.notify', emailForced: 'otro@correo.example' })).toBeNull();
    expect(reason(paymentRule, { status: 'AUTHORIZED', email: false }, { type: 'rule.notify', emailForced: '' })).toBe(OrderRefused.notifyPayment);
  });

  it('a pass to credit takes at most what is left of the price (all of it when it names no amount)', () => {
    const open = { status: 'OPEN', previousStatus: null, creditHeld: true, productType: 'SALDO', itemStatus: 'OPEN', price: 10, refunded: 4 };
    expect(reason(offer, open, { type: 'offer.toCredit', amount: 6.01 })).toBe(RefundMsg.amountTooHigh);
    expect(reason(offer, open, { type: 'offer.toCredit', amount: 0.05 })).toBe(RefundMsg.amountInvalid);
    expect(reason(offer, open, { type: 'offer.toCredit', amount: 6 })).toBeNull();
    expect(reason(offer, open, { type: 'offer.toCredit' })).toBeNull();
    expect(reason(offer, { ...open, refunded: 10 }, { type: 'offer.toCredit' })).toBe(OrderRefused.refundDone);
    expect(reason(offer, { ...open, status: 'REFUND_TO_CREDIT' }, { type: 'offer.toCredit', amount: 99 })).toBe(OrderRefused.toCredit);
  });

  it('a partial refund names an amount (on a compound payment the amount or the item value) within what is left', () => {
    const part = { price: 10, refunded: 4, productType: 'SALDO', itemStatus: 'REFUND_PARTIAL', compound: false };
    expect(reason(refund, part, { type: 'refund.partial', amount: 6.01 })).toBe(RefundMsg.amountTooHigh);
    expect(reason(refund, part, { type: 'refund.partial', amount: 0.05 })).toBe(RefundMsg.amountInvalid);
    expect(reason(refund, part, { type: 'refund.partial' })).toBe(RefundMsg.amountRequired);
    expect(reason(refund, { ...part, compound: true }, { type: 'refund.partial' })).toBe(RefundMsg.compoundNeedsValue);
    expect(reason(refund, part, { type: 'refund.partial', amount: 6 })).toBeNull();
    expect(reason(refund, { ...part, refunded: 10 }, { type: 'refund.partial', amount: 1 })).toBe(OrderRefused.refundDone);
  });

  it('a charge order is refunded for its whole total against a captured transaction of its own; its e-mails need an address', () => {
    const closed = { status: 'CLOSED', totalPrice: 30, currency: 'USD', captured: ['tx-1'], email: true };
    expect(reason(chargeOrder, closed, { type: 'charge.refund', amount: 29, transactionId: 'tx-1' })).toBe(ChargeOrderMsg.refundTotal(formatMoney(30, 'USD')));
    expect(reason(chargeOrder, closed, { type: 'charge.refund', amount: 30, transactionId: 'tx-de-otro' })).toBe(ChargeOrderMsg.transaction);
    expect(reason(chargeOrder, closed, { type: 'charge.refund', amount: 30, transactionId: 'tx-1' })).toBeNull();
    // Nothing captured: the button is not offered, and says why.
    expect(reason(chargeOrder, { ...closed, captured: [] }, { type: 'charge.refund' })).toBe(ChargeOrderMsg.transaction);
    expect(reason(chargeOrder, { ...closed, status: 'VOIDED' }, { type: 'charge.refund', amount: 1, transactionId: 'x' })).toBe(ChargeOrderMsg.refund);
    expect(reason(chargeOrder, { ...closed, email: false }, { type: 'charge.notifyClosed', emailForced: '' })).toBe(ChargeOrderMsg.noEmail);
    expect(reason(chargeOrder, { ...closed, email: false }, { type: 'charge.notifyClosed', emailForced: 'otro@correo.example' })).toBeNull();
    expect(reason(chargeOrder, { ...closed, status: 'PAID', email: false }, { type: 'charge.notifyPayment', emailForced: '' })).toBe(ChargeOrderMsg.noEmail);
    // The console's buttons send no address: without one they are not offered.
    expect(offeredEvents(chargeOrder, { ...closed, email: false, permissions: EVERYTHING })).not.toContain('charge.notifyClosed');
    expect(offeredEvents(chargeOrder, { ...closed, permissions: EVERYTHING })).toEqual(['charge.refund', 'charge.notifyClosed']);
  });
});
