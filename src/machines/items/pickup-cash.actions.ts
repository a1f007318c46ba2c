import {
  PickupApproveBody,
  PickupDeliverBody,
  PickupMove,
  PickupOrderBody,
  PickupReceiptBody,
  PickupReviewBody,
  ShippingAddressBody,
} from '@/api/contract/pickup';
import * as v from 'valibot';
import { PickupRefused } from '@/domain/pickup-prepaid';
import { Permission } from '@/domain/permissions';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';
import { itemQuestion } from '@/i18n/es-questions';
import { rowOf } from '@/machines/lifecycle/table';
import type { ItemContextBase, ItemKey } from './item';
import { pickupAddressForm, pickupDeliverForm, pickupReceiptForm, pickupReviewForm, type PickupDelivery, type PickupFacts, type PickupSubject } from './pickup-cash.form';

export type { PickupDelivery, PickupSubject };

/**
 * The pickup cash's actions (spec details §4 "Pickup cash", §6, §7). The operations specialist
 * edits, approves, sends to review, refreshes and cancels; the courier desk (PICKUP_DELIVERY)
 * marks the delivery and attaches its receipt. Decisions go to the remittance delivery service by
 * the pickup's id there (remittanceId); the edit, refresh and cancel to the orders service.
 */

export type PickupCashEvent =
  | { type: 'item.editDestination' }
  | { type: 'item.approve' }
  | { type: 'item.review' }
  | { type: 'item.deliver' }
  | { type: 'item.attachReceipt' }
  | { type: 'item.cancel' }
  | { type: 'item.refresh' };

export interface PickupCashContext extends ItemContextBase {
  /** The delivery service's status of the pickup (its picked-cash info); null when it has none. */
  deliveryStatus: string | null;
  /** What the address form opens with, as the panel shows it. */
  shippingAddress?: PickupFacts['shippingAddress'];
}

const row = rowOf<PickupCashEvent, PickupCashContext, PickupSubject>();
const specialist = [Permission.OPERATIONS_SPECIALIST];
const courierDesk = [Permission.PICKUP_DELIVERY];
const text = pickupPrepaidText.pickup;
const what = 'la recogida de efectivo';
const REMITTANCES = '/remittances/api/crm2/pickup';
const byPickup = (r: { body: { remittanceId: number } }): ItemKey[] => [{ pickup: r.body.remittanceId }];
const ofOrder = (r: { body: { orderId: number; foiid?: number | undefined } }): ItemKey[] => [{ order: r.body.orderId, ...(r.body.foiid !== undefined ? { item: r.body.foiid } : {}) }];
const PickupMoves = v.object({ elements: v.array(PickupMove) });
const PickupReceipt = v.object({ ...PickupMove.entries, receiptImageUrl: v.string() });

export const pickupCashActions = [
  row({
    event: 'item.editDestination',
    form: pickupAddressForm,
    label: text.editDestination,
    permissions: specialist,
    confirm: (s) => itemQuestion('Modificar el destino de', what, s),
    success: { title: pickupPrepaidText.modified, text: (s) => text.editText(s.id) },
    refused: PickupRefused.editDestination,
    wire: { family: 'pickup', client: 'orders', method: 'POST', path: '/orders/secured/pickup/update-shipping-address', body: ShippingAddressBody, data: PickupMove },
    request: (_s, body: ShippingAddressBody) => ({ body }),
    targets: (r) => [{ order: r.body.orderId, item: r.body.foiid }],
    handler: 'pickupDestination',
  }),
  row({
    event: 'item.approve',
    label: text.approve,
    variant: 'primary',
    permissions: specialist,
    payout: true,
    confirm: (s) => itemQuestion('Aprobar', what, s),
    success: { title: pickupPrepaidText.approved, text: (s) => text.approveText(s.id) },
    refused: PickupRefused.approve,
    wire: { family: 'pickup', client: 'remittances', method: 'POST', path: `${REMITTANCES}/approve`, body: PickupApproveBody, data: PickupMove },
    request: (s, _p: undefined, session) => ({ body: { appName: s.appName ?? 'CRM', remittanceId: s.pickupId, byAccountId: session.accountId, reason: null } }),
    targets: byPickup,
    handler: 'pickupApprove',
    fourEyes: 'item',
  }),
  row({
    event: 'item.review',
    form: pickupReviewForm,
    label: text.review,
    permissions: specialist,
    confirm: (s) => itemQuestion('Enviar a revisión', what, s),
    success: { text: (s) => text.reviewText(s.id) },
    refused: PickupRefused.review,
    wire: { family: 'pickup', client: 'remittances', method: 'POST', path: `${REMITTANCES}/review`, body: PickupReviewBody, data: PickupMove },
    request: (s, reason: string, session) => ({ body: { appName: s.appName ?? 'CRM', remittanceId: s.pickupId, byAccountId: session.accountId, reason } }),
    targets: byPickup,
    handler: 'pickupReview',
  }),
  row({
    event: 'item.deliver',
    form: pickupDeliverForm,
    label: text.deliver,
    variant: 'primary',
    permissions: courierDesk,
    payout: true,
    confirm: (s, report: PickupDelivery) => itemQuestion(`Reportar la entrega a ${report.receiver} de`, what, s),
    success: { text: (s) => text.deliverText(s.id) },
    refused: PickupRefused.deliver,
    wire: { family: 'pickup', client: 'remittances', method: 'POST', path: `${REMITTANCES}/deliver`, body: PickupDeliverBody, data: PickupMove },
    // The receipt's photo is not the delivery's: it goes after it, through 'Adjuntar recibo' (the form's `after`).
    request: (s, { receiver, deliveryDate, notes }: PickupDelivery) => ({ body: { remittanceId: s.pickupId, receiver, deliveryDate, notes } }),
    targets: byPickup,
    handler: 'pickupDeliver',
  }),
  row({
    event: 'item.attachReceipt',
    form: pickupReceiptForm,
    label: text.attachReceipt,
    permissions: courierDesk,
    confirm: (s) => itemQuestion('Adjuntar el recibo de', what, s),
    success: { text: (s) => text.receiptText(s.id) },
    refused: PickupRefused.attachReceipt,
    wire: { family: 'pickup', client: 'remittances', method: 'POST', path: `${REMITTANCES}/delivery/receipturl`, body: PickupReceiptBody, multipart: true, data: PickupReceipt },
    request: (s, file: File) => ({ body: { remittanceId: s.pickupId, file } }),
    targets: byPickup,
    handler: 'pickupReceipt',
  }),
  row({
    event: 'item.refresh',
    label: text.refresh,
    permissions: specialist,
    many: true,
    confirm: (s) => itemQuestion('Actualizar el estado de', what, s),
    success: { text: (s, data) => text.refreshText(s.id, data.elements[0]?.status ?? '') },
    refused: PickupRefused.refresh,
    wire: { family: 'pickup', client: 'orders', method: 'POST', path: '/orders/secured/pickup/refresh-fulfillment-status', body: PickupOrderBody, data: PickupMoves },
    request: (s) => ({ body: { orderId: s.orderId, foiid: s.id } }),
    targets: ofOrder,
    handler: 'pickupRefresh',
  }),
  row({
    event: 'item.cancel',
    label: text.cancel,
    variant: 'danger',
    permissions: specialist,
    many: true,
    confirm: (s) => itemQuestion('Cancelar', what, s),
    success: { title: pickupPrepaidText.cancelled, text: (s) => text.cancelText(s.id) },
    refused: PickupRefused.cancel,
    wire: { family: 'pickup', client: 'orders', method: 'POST', path: '/orders/secured/pickupcash/cancel', body: PickupOrderBody, data: PickupMoves },
    request: (s) => ({ body: { orderId: s.orderId, foiid: s.id } }),
    targets: ofOrder,
    handler: 'pickupCancel',
  }),
];
