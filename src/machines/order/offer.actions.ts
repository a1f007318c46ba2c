import { RefundBody, RevertCreditBody } from '@/api/contract/order-actions';
import { OrderRow } from '@/api/contract/order-lists';
import { OrderRefused, refundOffered } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';
import { formatMoney } from '@/domain/format';
import { orderActionText } from '@/i18n/es-order-actions';
import { offerQuestion } from '@/i18n/es-questions';
import { rowOf } from '@/machines/lifecycle/table';
import { toCreditForm, type OfferSubject } from './offer.form';
import { creditRefusal } from './refund-left';

export type { OfferSubject };

/**
 * An offer's pass to credit and its revert (spec details §4 "Offer status", §6): support work
 * (CRM7_DO_ACTION) to credit the customer, CRM2_SUPER_ACTION to revert it.
 */

/** A pass to credit names its amount; absent: what is left of the price (and the button's probe). */
export type OfferEvent = { type: 'offer.toCredit'; amount?: number } | { type: 'offer.revertCredit' };

export const OFFER_STATUSES = ['OPEN', 'CLOSED', 'REFUND_TO_CREDIT'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export interface OfferContext {
  status: OfferStatus;
  /** Where REFUND_TO_CREDIT came from (OPEN or CLOSED); a revert goes back there. */
  previousStatus: 'OPEN' | 'CLOSED' | null;
  /** Whether the customer still holds what a pass to credit gave them (a revert takes it back); true with nothing credited. */
  creditHeld: boolean;
  /** The product and status of the offer's item: "to credit" hides with the other refund buttons. */
  productType: string;
  itemStatus: string;
  permissions: readonly string[];
  /** The offer's price and what was refunded of it: a pass to credit takes at most what is left (and opens with it). */
  price: number;
  refunded: number;
}

const row = rowOf<OfferEvent, OfferContext, OfferSubject>();
const text = orderActionText.offer;

/** Why the chart refuses a pass to credit: the offer's status or product, else the amount (spec details §5). */
const toCreditRefusal = (c: OfferContext, e: OfferEvent) => {
  if (c.status === 'REFUND_TO_CREDIT' || !refundOffered(c.productType, c.itemStatus)) return OrderRefused.toCredit;
  return (e.type === 'offer.toCredit' ? creditRefusal(c, e.amount) : null) ?? OrderRefused.toCredit;
};

export const offerActions = [
  row({
    event: 'offer.toCredit',
    form: toCreditForm,
    label: text.toCredit,
    permissions: [Permission.DO_ACTION],
    confirm: (s, amount: number) => offerQuestion(`Pasar a crédito ${formatMoney(amount, s.currency)}`, s.title, s.orderId),
    success: { title: orderActionText.modified, text: (s, _data, amount) => text.creditText(formatMoney(amount, s.currency)) },
    refused: toCreditRefusal,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/refund/payment', body: RefundBody, data: OrderRow },
    request: (s, amount) => ({ body: { orderId: s.orderId, foIds: [s.id], toCredit: true, amountCredit: amount } }),
    match: (r) => r.body.toCredit === true,
    targets: (r) => r.body.foIds.map((offer) => ({ order: r.body.orderId, offer })),
    eventOf: (r) => ({ type: 'offer.toCredit', amount: r.body.amountCredit }),
    handler: 'passToCredit',
  }),
  row({
    event: 'offer.revertCredit',
    label: text.revertCredit,
    permissions: [Permission.SUPER_ACTION],
    confirm: (s) => offerQuestion('Revertir el pase a crédito', s.title, s.orderId),
    success: { title: orderActionText.modified, text: (s) => text.revertText(s.title) },
    refused: (c) => (c.status === 'REFUND_TO_CREDIT' && !c.creditHeld ? OrderRefused.creditSpent : OrderRefused.revertCredit),
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/revert/creditpayment', body: RevertCreditBody, data: OrderRow },
    request: (s) => ({ body: { orderId: s.orderId, foId: s.id } }),
    targets: (r) => [{ order: r.body.orderId, offer: r.body.foId }],
    handler: 'revertCredit',
  }),
];
