import { ApiError, call, type ServiceClient } from './http';
import type { Services } from './services';
import {
  BankProviderResponse,
  BankStatusResponse,
  CouriersResponse,
  DeliveryInfoResponse,
  HomeMoveResponse,
  ReceiptResponse,
  RemittanceResponse,
  type BankDestinationBody,
  type HomeShippingBody,
} from './contract/remittance';
import { RemittanceRefused } from '@/domain/remittance';
import { Msg } from '@/domain/messages';

/**
 * Bank and home remittances (spec details §7): the orders service's remittance calls and the
 * remittance delivery service's home paths (its client sends the api key with the bearer).
 */

const once = () => ({ 'Idempotency-Key': crypto.randomUUID() });

export async function getRemittance(orders: ServiceClient, orderId: number, foiid: number) {
  return (await call(orders, (k) => k.get('secured/remesa/data', { searchParams: { orderId: String(orderId), foiid: String(foiid) } }), RemittanceResponse)).data;
}

/** remesaToBank/update (multipart): the recipient, the card, the address, the sender and their document. */
export async function updateBankDestination(orders: ServiceClient, body: BankDestinationBody) {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value instanceof File) form.append(key, value);
    else if (value !== null && value !== undefined) form.append(key, String(value));
  }
  return (await call(orders, (k) => k.post('secured/remesaToBank/update', { body: form }), RemittanceResponse)).data;
}

/**
 * update-status for one bank remittance. On an approval the bank answers: when the first element
 * is not transferred the approval failed, and its message is the error.
 */
export async function updateBankStatus(orders: ServiceClient, foiId: number, status: 'TO_ACTIVATE' | 'FULFILLED' | 'MANUAL', log: string) {
  const json = { fulfillmentOrderItemStatus: status, fulfillmentOrderItemIds: [foiId], log };
  const { elements } = (await call(orders, (k) => k.post('secured/remesa-to-bank/update-status', { json, headers: once() }), BankStatusResponse)).data;
  const first = elements[0];
  if (!first) throw new ApiError('contract', Msg.serverError);
  if (first.transferred === false) throw new ApiError('api', first.message ?? RemittanceRefused.notTransferred);
  return first;
}

export async function updateBankProvider(orders: ServiceClient, foiId: number, newProvider: string) {
  return (await call(orders, (k) => k.post('secured/remesa-to-bank/update-provider', { json: { newProvider, fulfillmentOrderItemIds: [foiId] } }), BankProviderResponse)).data.elements;
}

export async function updateHomeShipping(orders: ServiceClient, body: HomeShippingBody) {
  return (await call(orders, (k) => k.post('secured/remesa-to-steet/update-shipping-address', { json: body }), RemittanceResponse)).data;
}

export async function refreshHomeStatus(orders: ServiceClient, foiid: number) {
  return (await call(orders, (k) => k.post('secured/remesa-to-steet/refresh-fulfillment-status', { json: { foiid } }), HomeMoveResponse)).data;
}

// ---------------------------------------------------------------- the delivery service

const HOME = 'api/crm2/homeremittance/secured';

/** Who acts and on which remittance: the staff member's own account, the order's app. */
export interface HomeActor {
  appName: string | null;
  byAccountId: number;
  remittanceId: number;
}

export async function approveHome(remittances: ServiceClient, actor: HomeActor, reason: string) {
  return (await call(remittances, (k) => k.post(`${HOME}/approve`, { json: { ...actor, reason: reason || null, isReview: false } }), HomeMoveResponse)).data;
}

export async function reviewHome(remittances: ServiceClient, actor: HomeActor, reason: string) {
  return (await call(remittances, (k) => k.post(`${HOME}/review`, { json: { ...actor, reason, isReview: true } }), HomeMoveResponse)).data;
}

export async function undeliverHome(remittances: ServiceClient, actor: HomeActor, reason: string) {
  return (await call(remittances, (k) => k.post(`${HOME}/undeliver`, { json: { ...actor, reason, isReview: false } }), HomeMoveResponse)).data;
}

export async function getDeliveryInfo(remittances: ServiceClient, remittanceId: number) {
  return (await call(remittances, (k) => k.post(`${HOME}/deliveryinfo`, { json: { remittanceId } }), DeliveryInfoResponse)).data;
}

export async function getCouriers(remittances: ServiceClient) {
  return (await call(remittances, (k) => k.get('api/crm2/courier/list'), CouriersResponse)).data.elements;
}

export interface DeliveryReport {
  courierId: number;
  /** ISO instant. */
  deliveryDate: string;
  receiver: string;
  notes: string;
  receipt: File | null;
}

/** "Reportar Entrega": the receipt is uploaded first (its URL goes with the delivery), then the delivery. */
export async function deliverHome(remittances: ServiceClient, actor: HomeActor, report: DeliveryReport) {
  let receiptImageUrl: string | null = null;
  if (report.receipt) {
    const form = new FormData();
    form.append('remittanceId', String(actor.remittanceId));
    form.append('file', report.receipt);
    receiptImageUrl = (await call(remittances, (k) => k.post(`${HOME}/delivery/receipturl`, { body: form }), ReceiptResponse)).data.receiptImageUrl;
  }
  const json = { ...actor, courierId: report.courierId, deliveryDate: report.deliveryDate, receiver: report.receiver, notes: report.notes || null, receiptImageUrl };
  return (await call(remittances, (k) => k.post(`${HOME}/deliver`, { json, headers: once() }), HomeMoveResponse)).data;
}

/**
 * An uploaded image (identity document, receipt) as a data: URL the page may show: the file is
 * read with the staff member's token, never linked to directly.
 */
export async function getRemittanceImage(services: Services, url: string): Promise<string> {
  const path = url.replace(/^\/orders\//, '');
  const ky = await services.orders.instance();
  let response: Response;
  try {
    response = await ky.get(path);
  } catch {
    throw new ApiError('network', Msg.networkFailure);
  }
  if (response.status === 401) {
    services.orders.hooks.onInvalidToken();
    throw new ApiError('invalid_token', Msg.invalidToken, 401);
  }
  if (response.status === 403) throw new ApiError('access_denied', Msg.accessDenied, 403);
  if (!response.ok) throw new ApiError('api', Msg.notFound, response.status);
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ApiError('api', Msg.serverError));
    reader.readAsDataURL(blob);
  });
}
