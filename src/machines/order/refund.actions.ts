import { RefundBody } from '@/api/contract/order-actions';
import { OrderRow } from '@/api/contract/order-lists';
import { MIN_REFUND, OrderRefused, refundOffered } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';
import { formatMoney } from '@/domain/format';
import { orderActionText } from '@/i18n/es-order-actions';
import { offerQuestion } from '@/i18n/es-questions';
import { rowOf } from '@/machines/lifecycle/table';
import type { OfferSubject } from './offer.actions';
import { partialRefundForm, type PartialRefund } from './offer.form';
import { cents, partialRefundRefusal } from './refund-left';
export type { PartialRefund };

/** Refunds of an offer to the payment method (spec details §4, §5): support work (CRM7_DO_ACTION). */

/** A partial refund names its amount (or the item's value); absent: the request named none. */
export type RefundEvent = { type: 'refund.partial'; amount?: number } | { type: 'refund.full' };

export interface RefundContext {
  price: number;
  refunded: number;
  productType: string;
  itemStatus: string;
  permissions: readonly string[];
  /** The order was paid by more than one means (more than one payment order): a partial refund names the amount or the item's value. */
  compound?: boolean;
}

const row = rowOf<RefundEvent, RefundContext, OfferSubject>();
const text = orderActionText.offer;
const offers = (r: { body: { orderId: number; foIds: readonly number[] } }) => r.body.foIds.map((offer) => ({ order: r.body.orderId, offer }));
const amountOf = (p: PartialRefund) => p.amount ?? p.partialValueItem ?? 0;

/** Why the chart refuses a refund: all refunded, a product whose refunds are hidden, else the amount (spec details §5). */
const refusal = (c: RefundContext, e: RefundEvent) => {
  if (cents(c.refunded) >= cents(c.price)) return OrderRefused.refundDone;
  if (!refundOffered(c.productType, c.itemStatus)) return OrderRefused.refund;
  return (e.type === 'refund.partial' ? partialRefundRefusal(c, e.amount) : null) ?? OrderRefused.refund;
};

export const refundActions = [
  row({
    event: 'refund.partial',
    form: partialRefundForm,
    label: text.partial,
    permissions: [Permission.DO_ACTION],
    probes: [{ type: 'refund.partial', amount: MIN_REFUND }],
    confirm: (s, p: PartialRefund) => offerQuestion(`Reembolsar ${formatMoney(amountOf(p), s.currency)}`, s.title, s.orderId),
    success: { text: (s, _data, p) => text.refundText(formatMoney(amountOf(p), s.currency)) },
    refused: refusal,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/refund/payment', body: RefundBody, data: OrderRow },
    request: (s, p): { body: RefundBody } => ({ body: { orderId: s.orderId, foIds: [s.id], ...p } }),
    match: (r) => r.body.total !== true && r.body.toCredit !== true,
    targets: offers,
    eventOf: (r) => ({ type: 'refund.partial', amount: r.body.amount ?? r.body.partialValueItem }),
    handler: 'refundOffer',
    fourEyes: 'refund',
  }),
  row({
    event: 'refund.full',
    label: text.total,
    permissions: [Permission.DO_ACTION],
    confirm: (s) => offerQuestion('Reembolsar por completo', s.title, s.orderId),
    success: { text: (s) => text.totalText(s.title) },
    refused: refusal,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/refund/payment', body: RefundBody, data: OrderRow },
    request: (s) => ({ body: { orderId: s.orderId, foIds: [s.id], total: true } }),
    match: (r) => r.body.total === true && r.body.close !== true && r.body.toCredit !== true,
    many: true,
    targets: offers,
    handler: 'refundOffer',
    fourEyes: 'refund',
  }),
];
