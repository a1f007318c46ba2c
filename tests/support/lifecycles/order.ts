import { EVERYTHING, status, type LifecycleModel } from './model';
import { order } from '@/machines/order/order.machine';
import { offer, OFFER_STATUSES } from '@/machines/order/offer.machine';
import { refund } from '@/machines/order/refund.machine';
import { zelleLink } from '@/machines/order/zelle-link.machine';
import { paymentRule } from '@/machines/order/payment-rule.machine';
import { ORDER_STATUSES } from '@/domain/order-status';
import { APPLIED_RULE_STATUSES } from '@/domain/order-actions';

/** The order's charts: the order itself, its offers, refunds, Zelle link and payment rules. */

export const orderModel: LifecycleModel = {
  lifecycle: order,
  inputs: ORDER_STATUSES.flatMap((s) => [
    { status: s, permissions: EVERYTHING, totalRefundAllowed: false, itemsFinished: false },
    ...(s === 'OPEN'
      ? [
          { status: s, permissions: EVERYTHING, totalRefundAllowed: true, itemsFinished: false },
          { status: s, permissions: EVERYTHING, totalRefundAllowed: false, itemsFinished: true },
        ]
      : []),
  ]),
  label: (i) => `${status(i)}${i.totalRefundAllowed ? ' (reembolso total permitido)' : ''}${i.itemsFinished ? ' (items terminados)' : ''}`,
};

/** A balance item still open: every refund button shows. */
const SALDO_OPEN = { productType: 'SALDO', itemStatus: 'OPEN' };

export const offerModel: LifecycleModel = {
  lifecycle: offer,
  inputs: [
    ...OFFER_STATUSES.filter((s) => s !== 'REFUND_TO_CREDIT').map((s) => ({ status: s, previousStatus: null, creditHeld: true, ...SALDO_OPEN, permissions: EVERYTHING })),
    { status: 'REFUND_TO_CREDIT', previousStatus: 'OPEN', creditHeld: true, ...SALDO_OPEN, permissions: EVERYTHING },
    { status: 'REFUND_TO_CREDIT', previousStatus: 'CLOSED', creditHeld: true, ...SALDO_OPEN, permissions: EVERYTHING },
    // The customer spent the credit: there is nothing to take back.
    { status: 'REFUND_TO_CREDIT', previousStatus: 'OPEN', creditHeld: false, ...SALDO_OPEN, permissions: EVERYTHING },
  ],
  label: (i) => `${i.previousStatus ? `${status(i)} (desde ${String(i.previousStatus)})` : status(i)}${i.creditHeld ? '' : ' (crédito gastado)'}`,
};

export const refundModel: LifecycleModel = {
  lifecycle: refund,
  inputs: [
    { price: 10, refunded: 0, productType: 'SALDO', itemStatus: 'OPEN', permissions: EVERYTHING },
    { price: 10, refunded: 4, productType: 'SALDO', itemStatus: 'REFUND_PARTIAL', permissions: EVERYTHING },
    { price: 10, refunded: 10, productType: 'SALDO', itemStatus: 'REFUND', permissions: EVERYTHING },
  ],
  // Amounts that leave something, that take what is left after the first, that take it all at once.
  extra: (i) => {
    const left = Number(i.price) - Number(i.refunded);
    return [
      { type: 'refund.partial', amount: 1 },
      { type: 'refund.partial', amount: Math.round((left - 1) * 100) / 100 },
      { type: 'refund.partial', amount: left },
    ];
  },
  label: (i) => `${String(i.refunded)} de ${String(i.price)} reembolsado`,
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
  inputs: APPLIED_RULE_STATUSES.map((s) => ({ status: s, permissions: EVERYTHING })),
  label: status,
};
