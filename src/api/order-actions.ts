import { call, type ServiceClient } from './http';
import type { Services } from './services';
import { DoneResponse, OrderActionResponse, OrdersActionResponse, ZelleResponse, type RefundBody } from './contract/order-actions';
import { ZelleTransfersResponse } from './contract/order-detail';
import { BlacklistChangeResponse } from './contract/settings';

/**
 * The order actions (spec details §7 "Order detail"). Approve, cancel, refund, revert and
 * compensation carry an Idempotency-Key: a retried request (a flaky network, a double click
 * that slipped through) replays the first answer instead of acting twice.
 */

const once = () => ({ 'Idempotency-Key': crypto.randomUUID() });
const post = (path: string, json: unknown, idempotent = false) => (k: Parameters<Parameters<typeof call>[1]>[0]) =>
  k.post(path, { json, ...(idempotent ? { headers: once() } : {}) });

export async function approveRisk(orders: ServiceClient, orderId: number) {
  return (await call(orders, post('secured/risk/approve', { orderId }, true), OrderActionResponse)).data;
}

/** Cancels a RISK / DUPLICATE_RISK order (voids the pre-authorisation) or a PENDING_ZELLE_CONFIRM one. */
export async function cancelOrder(orders: ServiceClient, orderId: number) {
  return (await call(orders, post('secured/checkout/cancel/payment', { orderId }, true), OrderActionResponse)).data;
}

export async function closeOrders(orders: ServiceClient, ids: number[]) {
  return (await call(orders, post('secured/close/order', { ids }), OrdersActionResponse)).data.elements;
}

/** Partial, total, whole-order (total + close) or to-credit refunds. */
export async function refundPayment(orders: ServiceClient, body: Omit<RefundBody, 'amount' | 'amountCredit' | 'partialValueItem'> & { amount?: number; amountCredit?: number; partialValueItem?: number }) {
  return (await call(orders, post('secured/refund/payment', body, true), OrderActionResponse)).data;
}

export async function revertCreditPayment(orders: ServiceClient, orderId: number, foId: number) {
  return (await call(orders, post('secured/revert/creditpayment', { orderId, foId }, true), OrderActionResponse)).data;
}

export async function compensate(orders: ServiceClient, orderId: number, compensation: { full: true } | { full: false; amount: number }) {
  return (await call(orders, post('secured/compensation', { orderId, ...compensation }, true), OrderActionResponse)).data;
}

export async function sendClosedNotification(orders: ServiceClient, orderId: number, emailForced: string) {
  const searchParams = { orderId: String(orderId), ...(emailForced ? { emailForced } : {}) };
  return (await call(orders, (k) => k.post('secured/event/send/closed', { searchParams }), DoneResponse)).data;
}

export async function sendPaymentNotification(orders: ServiceClient, params: { orderId: number; appliedId: number; refund: boolean; accountId: number; emailForced: string }) {
  const searchParams = {
    orderId: String(params.orderId),
    appliedId: String(params.appliedId),
    refund: String(params.refund),
    accountId: String(params.accountId),
    ...(params.emailForced ? { emailForced: params.emailForced } : {}),
  };
  return (await call(orders, (k) => k.post('secured/event/send/payment', { searchParams }), DoneResponse)).data;
}

/** Adds or removes the card of a payment element on the blacklist. */
export async function changeCardBlacklist(blacklist: ServiceClient, add: boolean, accountId: number, uniqueNumberIdentifier: string) {
  const body = { accountId, paymentMethod: { uniqueNumberIdentifier, paymentType: 'CARD' } };
  return (await call(blacklist, (k) => k.post(add ? 'secured/add' : 'secured/remove', { json: body }), BlacklistChangeResponse)).data.changed;
}

// ---------------------------------------------------------------- Zelle

const zellePath = (services: Services, rest: string) => {
  const tenant = encodeURIComponent(services.config.tenant);
  return `zelle/${tenant}/${tenant}/transfers${rest}`;
};

/** The transfers of an order (its origin id), or without one those nobody has linked yet; 4 per page. */
export async function getZelleTransfers(services: Services, originId: string | null, page: number, size = 4) {
  const searchParams = { ...(originId ? { originId } : {}), sort: 'createdDate,desc', page: String(page), size: String(size) };
  return (await call(services.upgSecured, (k) => k.get(zellePath(services, '/byOriginId'), { searchParams }), ZelleTransfersResponse)).data;
}

export interface ZelleRegistration {
  name: string;
  amount: number;
  currency: 'USD';
  createDate: string;
  from: string;
  to: string;
  referenceCode?: string;
}

export async function registerZelleTransfer(services: Services, body: ZelleRegistration) {
  return (await call(services.upgSecured, (k) => k.post(zellePath(services, ''), { json: body }), ZelleResponse)).data.elements;
}

export async function assignZelleReference(services: Services, transferIds: number[], referenceCode: string) {
  return (await call(services.upgSecured, (k) => k.post(zellePath(services, '/assign-reference-code'), { json: { transferIds, referenceCode } }), ZelleResponse)).data.elements;
}
