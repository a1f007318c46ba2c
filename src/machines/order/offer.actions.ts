import { RefundBody, RevertCreditBody } from '@/api/contract/order-actions';
import { OrderRow } from '@/api/contract/order-lists';
import { OrderRefused } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';
import { formatMoney } from '@/domain/format';
import { orderActionText } from '@/i18n/es-order-actions';
import { offerQuestion } from '@/i18n/es-questions';
import { rowOf } from '@/machines/lifecycle/table';
import { toCreditForm } from './offer.form';

/**
 * An offer's pass to credit and its revert (spec details §4 "Offer status", §6): support work
 * (CRM7_DO_ACTION) to credit the customer, CRM2_SUPER_ACTION to revert it.
 */

export type OfferEvent = { type: 'offer.toCredit' } | { type: 'offer.revertCredit' };

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
  /** What the pass to credit opens with, as the offer card shows it: its price and what was refunded. */
  price?: number;
  refunded?: number;
}

/** An offer as its panel names it. */
export interface OfferSubject {
  id: number;
  orderId: number;
  title: string;
  currency: string;
}

const row = rowOf<OfferEvent, OfferContext, OfferSubject>();
const text = orderActionText.offer;

export const offerActions = [
  row({
    event: 'offer.toCredit',
    form: toCreditForm,
    label: text.toCredit,
    permissions: [Permission.DO_ACTION],
    confirm: (s, amount: number) => offerQuestion(`Pasar a crédito ${formatMoney(amount, s.currency)}`, s.title, s.orderId),
    success: { title: orderActionText.modified, text: (s, _data, amount) => text.creditText(formatMoney(amount, s.currency)) },
    refused: OrderRefused.toCredit,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/refund/payment', body: RefundBody, data: OrderRow },
    request: (s, amount) => ({ body: { orderId: s.orderId, foIds: [s.id], toCredit: true, amountCredit: amount } }),
    match: (r) => r.body.toCredit === true,
    targets: (r) => r.body.foIds.map((offer) => ({ order: r.body.orderId, offer })),
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
