import { EVERYTHING, status, type LifecycleModel } from './model';
import { order } from '@/machines/order/order.machine';
import { offer, OFFER_STATUSES } from '@/machines/order/offer.machine';
import { refund } from '@/machines/order/refund.machine';
import { zelleLink } from '@/machines/order/zelle-link.machine';
import { paymentRule } from '@/machines/order/payment-rule.machine';
import { ORDER_STATUSES } from '@/domain/order-status';
import { APPLIED_RULE_STATUSES } from '@/domain/order-actions';

/** The order's charts: the order itself, its offers, refunds, Zelle link and payment rules. */

/** How an input whose e-mail went out within the resend window reads in a test name. */
export const sentLabel = (i: Record<string, unknown>) => (i.sentWithin ? ' (correo ya enviado)' : '');

/** An order's total and whether it has an e-mail of its own, as its store reads them. */
const ORDER_FACTS = { total: 25, email: true };

export const orderModel: LifecycleModel = {
  lifecycle: order,
  inputs: ORDER_STATUSES.flatMap((s) => [
    { status: s, permissions: EVERYTHING, totalRefundAllowed: false, itemsFinished: false, ...ORDER_FACTS },
    ...(s === 'OPEN'
      ? [
          { status: s, permissions: EVERYTHING, totalRefundAllowed: true, itemsFinished: false, ...ORDER_FACTS },
          { status: s, permissions: EVERYTHING, totalRefundAllowed: false, itemsFinished: true, ...ORDER_FACTS },
        ]
      : []),
    // Without an e-mail: its closing e-mail needs an address given.
    ...(s === 'CLOSED' ? [{ status: s, permissions: EVERYTHING, totalRefundAllowed: false, itemsFinished: true, ...ORDER_FACTS, email: false }] : []),
    // Its closing e-mail went to its own address less than a minute ago: not again.
    ...(s === 'CLOSED' ? [{ status: s, permissions: EVERYTHING, totalRefundAllowed: false, itemsFinished: true, ...ORDER_FACTS, sentWithin: [''] }] : []),
  ]),
  // A compensation above the total; the closing e-mail to the order's own address (none given).
  extra: (i) => [
    { type: 'order.compensate', amount: Number(i.total) + 0.01 },
    { type: 'order.notifyClosed', emailForced: '' },
  ],
  label: (i) => `${status(i)}${i.totalRefundAllowed ? ' (reembolso total permitido)' : ''}${i.itemsFinished ? ' (items terminados)' : ''}${i.email ? '' : ' (sin correo)'}${sentLabel(i)}`,
};

/** A balance item still open: every refund button shows. */
const SALDO_OPEN = { productType: 'SALDO', itemStatus: 'OPEN' };

/** An offer's price and what was refunded of it. */
const PRICED = { price: 10, refunded: 0 };

export const offerModel: LifecycleModel = {
  lifecycle: offer,
  inputs: [
    ...OFFER_STATUSES.filter((s) => s !== 'REFUND_TO_CREDIT').map((s) => ({ status: s, previousStatus: null, creditHeld: true, ...SALDO_OPEN, ...PRICED, permissions: EVERYTHING })),
    { status: 'REFUND_TO_CREDIT', previousStatus: 'OPEN', creditHeld: true, ...SALDO_OPEN, ...PRICED, permissions: EVERYTHING },
    { status: 'REFUND_TO_CREDIT', previousStatus: 'CLOSED', creditHeld: true, ...SALDO_OPEN, ...PRICED, permissions: EVERYTHING },
    // The customer spent the credit: there is nothing to take back.
    { status: 'REFUND_TO_CREDIT', previousStatus: 'OPEN', creditHeld: false, ...SALDO_OPEN, ...PRICED, permissions: EVERYTHING },
  ],
  // A pass to credit of part of what is left, and of more than is left.
  extra: (i) => [
    { type: 'offer.toCredit', amount: 1 },
    { type: 'offer.toCredit', amount: Math.round((Number(i.price) - Number(i.refunded) + 0.01) * 100) / 100 },
  ],
  label: (i) => `${i.previousStatus ? `${status(i)} (desde ${String(i.previousStatus)})` : status(i)}${i.creditHeld ? '' : ' (crédito gastado)'}`,
};

export const refundModel: LifecycleModel = {
  lifecycle: refund,
  inputs: [
    { price: 10, refunded: 0, productType: 'SALDO', itemStatus: 'OPEN', compound: false, permissions: EVERYTHING },
    { price: 10, refunded: 4, productType: 'SALDO', itemStatus: 'REFUND_PARTIAL', compound: false, permissions: EVERYTHING },
    { price: 10, refunded: 10, productType: 'SALDO', itemStatus: 'REFUND', compound: false, permissions: EVERYTHING },
    // Paid by more than one means.
    { price: 10, refunded: 0, productType: 'SALDO', itemStatus: 'OPEN', compound: true, permissions: EVERYTHING },
  ],
  // Amounts that leave something, that take what is left after the first, that take it all at once,
  // more than is left, and none.
  extra: (i) => {
    const left = Number(i.price) - Number(i.refunded);
    return [
      { type: 'refund.partial', amount: 1 },
      { type: 'refund.partial', amount: Math.round((left - 1) * 100) / 100 },
      { type: 'refund.partial', amount: left },
      { type: 'refund.partial', amount: Math.round((left + 0.01) * 100) / 100 },
      { type: 'refund.partial' },
    ];
  },
  label: (i) => `${String(i.refunded)} de ${String(i.price)} reembolsado${i.compound ? ' (pago compuesto)' : ''}`,
};

export const zelleModel: LifecycleModel = {
  lifecycle: zelleLink,
  inputs: [
    { registered: false, linked: false, processed: false, orderStatus: 'PENDING_ZELLE_CONFIRM', permissions: EVERYTHING },
    { registered: true, linked: false, processed: false, orderStatus: 'OPEN', permissions: EVERYTHING },
    { registered: true, linked: true, processed: false, orderStatus: 'OPEN', permissions: EVERYTHING },
    { registered: true, linked: false, processed: true, orderStatus: 'OPEN', permissions: EVERYTHING },
  ],
  label: (i) => (i.processed ? 'procesada' : i.linked ? 'vinculada' : i.registered ? 'sin vincular' : 'nueva'),
};

export const paymentRuleModel: LifecycleModel = {
  lifecycle: paymentRule,
  inputs: [
    ...APPLIED_RULE_STATUSES.map((s) => ({ status: s, email: true, permissions: EVERYTHING })),
    // Its order has no e-mail: a rule that can be notified needs an address given.
    ...(['PAID', 'PROCESSED', 'REFUNDED'] as const).map((s) => ({ status: s, email: false, permissions: EVERYTHING })),
    // Its e-mails (the payment's and the refund's) went to the order's address less than a minute ago.
    ...(['PAID', 'PROCESSED', 'REFUNDED'] as const).map((s) => ({ status: s, email: true, permissions: EVERYTHING, sentWithin: { payment: [''], refund: [''] } })),
  ],
  // The e-mail to the order's own address (none given).
  extra: () => [{ type: 'rule.notify', emailForced: '' }],
  label: (i) => `${status(i)}${i.email ? '' : ' (sin correo)'}${sentLabel(i)}`,
};
