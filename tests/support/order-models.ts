import { pathsOf } from './model-paths';
import { orderMachine, type OrderEvent, type OrderInput } from '@/machines/order/order.machine';
import { offerMachine, type OfferEvent, type OfferInput, OFFER_STATUSES } from '@/machines/order/offer.machine';
import { refundMachine, type RefundEvent, type RefundInput } from '@/machines/order/refund.machine';
import { zelleLinkMachine, type ZelleLinkEvent, type ZelleLinkInput } from '@/machines/order/zelle-link.machine';
import { ORDER_STATUSES } from '@/domain/order-status';
import { ALL_PERMISSIONS } from '@/domain/permissions';

/**
 * The model-based paths of the order charts, one set per starting input, shared by the tests
 * that run them against the chart, the server and the browser.
 */

export const EVERYTHING = [...ALL_PERMISSIONS];

export const orderRiskEvents: OrderEvent[] = [{ type: 'order.approve' }, { type: 'order.cancel' }, { type: 'order.refundFull' }, { type: 'order.close' }];

/** Every stored status, with and without total refund allowed, for someone holding every permission. */
export const orderRiskInputs: OrderInput[] = ORDER_STATUSES.flatMap((status) => [
  { status, permissions: EVERYTHING, totalRefundAllowed: false, itemsFinished: false },
  ...(status === 'OPEN' ? [{ status, permissions: EVERYTHING, totalRefundAllowed: true, itemsFinished: false }] : []),
]);

export const orderRiskPaths = orderRiskInputs.map((input) => ({ input, paths: pathsOf(orderMachine, input, orderRiskEvents) }));

/** A balance item still open: every refund button shows. */
const SALDO_OPEN = { productType: 'SALDO', itemStatus: 'OPEN' };

export const offerEvents: OfferEvent[] = [{ type: 'offer.toCredit' }, { type: 'offer.revertCredit' }];
export const offerInputs: OfferInput[] = [
  ...OFFER_STATUSES.filter((s) => s !== 'REFUND_TO_CREDIT').map((status) => ({ status, previousStatus: null, ...SALDO_OPEN, permissions: EVERYTHING })),
  { status: 'REFUND_TO_CREDIT', previousStatus: 'OPEN', ...SALDO_OPEN, permissions: EVERYTHING },
  { status: 'REFUND_TO_CREDIT', previousStatus: 'CLOSED', ...SALDO_OPEN, permissions: EVERYTHING },
];
export const offerPaths = offerInputs.map((input) => ({ input, paths: pathsOf(offerMachine, input, offerEvents) }));

/** Amounts that leave something, that take what is left after the first, that take it all at once. */
export const refundEvents = (left: number): RefundEvent[] => [
  { type: 'refund.partial', amount: 1 },
  { type: 'refund.partial', amount: Math.round((left - 1) * 100) / 100 },
  { type: 'refund.partial', amount: left },
  { type: 'refund.full' },
];
export const refundInputs: RefundInput[] = [
  { price: 10, refunded: 0, productType: 'SALDO', itemStatus: 'OPEN', permissions: EVERYTHING },
  { price: 10, refunded: 4, productType: 'SALDO', itemStatus: 'REFUND_PARTIAL', permissions: EVERYTHING },
  { price: 10, refunded: 10, productType: 'SALDO', itemStatus: 'REFUND', permissions: EVERYTHING },
];
export const refundPaths = refundInputs.map((input) => ({ input, paths: pathsOf(refundMachine, input, refundEvents(input.price - input.refunded)) }));

export const zelleEvents: ZelleLinkEvent[] = [{ type: 'zelle.link' }];
export const zelleInputs: ZelleLinkInput[] = [
  { linked: false, processed: false, orderStatus: 'PENDING_ZELLE_CONFIRM', permissions: EVERYTHING },
  { linked: true, processed: false, orderStatus: 'PENDING_ZELLE_CONFIRM', permissions: EVERYTHING },
  { linked: false, processed: true, orderStatus: 'PENDING_ZELLE_CONFIRM', permissions: EVERYTHING },
];
export const zellePaths = zelleInputs.map((input) => ({ input, paths: pathsOf(zelleLinkMachine, input, zelleEvents) }));

