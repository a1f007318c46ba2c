import { call, type ServiceClient } from './http';
import type { Services } from './services';
import {
  PickedCashInfoResponse,
  PickupDataResponse,
  PickupMoveResponse,
  PickupReceiptResponse,
  PickupMovesResponse,
  type ShippingAddressBody,
} from './contract/pickup';

/**
 * Pickup cash (spec details §7): its data and address on the orders service, its delivery info
 * and decisions on the remittance delivery service (api key and bearer). Approve, deliver and
 * cancel carry an Idempotency-Key, so a retried request never acts twice.
 */

const once = () => ({ 'Idempotency-Key': crypto.randomUUID() });

export async function getPickupData(orders: ServiceClient, orderId: number, foiid: number) {
  const searchParams = { orderId: String(orderId), foiid: String(foiid) };
  return (await call(orders, (k) => k.get('secured/pickup/data', { searchParams }), PickupDataResponse)).data;
}

export async function getPickedCashInfo(remittances: ServiceClient, pickupId: number) {
  return (await call(remittances, (k) => k.get('secured/pickup/pickedcashinfo', { searchParams: { pickupId: String(pickupId) } }), PickedCashInfoResponse)).data;
}

export async function updatePickupAddress(orders: ServiceClient, body: ShippingAddressBody) {
  return (await call(orders, (k) => k.post('secured/pickup/update-shipping-address', { json: body }), PickupMoveResponse)).data;
}

export async function refreshPickup(orders: ServiceClient, orderId: number, foiid: number) {
  return (await call(orders, (k) => k.post('secured/pickup/refresh-fulfillment-status', { json: { orderId, foiid } }), PickupMovesResponse)).data.elements;
}

export async function cancelPickup(orders: ServiceClient, orderId: number, foiid: number) {
  return (await call(orders, (k) => k.post('secured/pickupcash/cancel', { json: { orderId, foiid }, headers: once() }), PickupMovesResponse)).data.elements;
}

/** The decision of the signed-in staff member on a pickup (the delivery service records who decided). */
export interface PickupDecision {
  remittanceId: number;
  byAccountId?: number;
  reason?: string;
}

export async function approvePickup(services: Services, decision: PickupDecision) {
  const json = { appName: 'CRM', ...decision, isReview: false };
  return (await call(services.remittances, (k) => k.post('api/crm2/pickup/approve', { json, headers: once() }), PickupMoveResponse)).data;
}

export async function reviewPickup(services: Services, decision: PickupDecision & { reason: string }) {
  const json = { appName: 'CRM', ...decision, isReview: true };
  return (await call(services.remittances, (k) => k.post('api/crm2/pickup/review', { json }), PickupMoveResponse)).data;
}

export async function deliverPickup(services: Services, body: { remittanceId: number; receiver: string; deliveryDate: string; notes: string | null }) {
  return (await call(services.remittances, (k) => k.post('api/crm2/pickup/deliver', { json: body, headers: once() }), PickupMoveResponse)).data;
}

/** Uploads the photo of a delivered pickup's receipt (multipart, like a home delivery's). */
export async function attachPickupReceipt(services: Services, remittanceId: number, file: File) {
  const body = new FormData();
  body.append('remittanceId', String(remittanceId));
  body.append('file', file);
  return (await call(services.remittances, (k) => k.post('api/crm2/pickup/delivery/receipturl', { body }), PickupReceiptResponse)).data;
}
