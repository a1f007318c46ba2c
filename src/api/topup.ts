import { call, type ServiceClient } from './http';
import {
  MassResetResponse,
  ReclaimResponse,
  SimilarItemsResponse,
  TopupActionResponse,
  TopupClaimsResponse,
  TopupTracesResponse,
  SIMILAR_PAGE_SIZE,
  TRACES_PAGE_SIZE,
} from './contract/topup';
import { TopupMsg, type ClaimKind, type TopupTargetStatus } from '@/domain/topup';

/**
 * Top-up items (spec details §7 "Order detail"): traces, claims and similar items; edit the
 * destination (success code 7224), change status, reset tries (one or a date window), deliver
 * now and claim. Actions carry an Idempotency-Key: a retried request replays the first answer.
 */

const once = () => ({ 'Idempotency-Key': crypto.randomUUID() });
type Send = Parameters<typeof call>[1];
const postQuery = (path: string, searchParams: Record<string, string>): Send => (k) => k.post(path, { searchParams, headers: once() });
const postJson = (path: string, json: unknown): Send => (k) => k.post(path, { json, headers: once() });

export async function getTopupTraces(orders: ServiceClient, foiId: number, page: number) {
  const searchParams = { foiid: String(foiId), page: String(page), size: String(TRACES_PAGE_SIZE) };
  return (await call(orders, (k) => k.get('secured/fo/topup/traces', { searchParams }), TopupTracesResponse)).data;
}

export async function getTopupClaims(orders: ServiceClient, foiId: number) {
  return (await call(orders, (k) => k.get('secured/fo/topup/claims', { searchParams: { foiid: String(foiId) } }), TopupClaimsResponse)).data.elements;
}

export async function getSimilarItems(orders: ServiceClient, q: { orderId: number; foiId: number; productType: string; destination: string; page: number }) {
  const searchParams = {
    orderId: String(q.orderId),
    foiid: String(q.foiId),
    productType: q.productType,
    destination: q.destination,
    page: String(q.page),
    size: String(SIMILAR_PAGE_SIZE),
  };
  return (await call(orders, (k) => k.get('secured/items/similar', { searchParams }), SimilarItemsResponse)).data;
}

export async function editTopupDestination(orders: ServiceClient, body: { fulfillmentOrderId: number; destination: string; fulfillNow: boolean }) {
  return (await call(orders, postJson('secured/fo/topup/edit', body), TopupActionResponse, { acceptCodes: [TopupMsg.editCode] })).data;
}

export async function changeTopupStatus(orders: ServiceClient, foiId: number, status: TopupTargetStatus) {
  return (await call(orders, postQuery('secured/fo/topup/changeStatus', { foiid: String(foiId), status }), TopupActionResponse)).data;
}

export async function resetTopupTries(orders: ServiceClient, fulfillmentOrderId: number, fulfillNow: boolean) {
  return (await call(orders, postQuery('secured/fulfillment/resetTries', { fulfillmentOrderId: String(fulfillmentOrderId), fulfillNow: String(fulfillNow) }), TopupActionResponse)).data;
}

export async function processItemNow(orders: ServiceClient, orderId: number, foiId: number) {
  return (await call(orders, postQuery('secured/processItem/call', { orderId: String(orderId), foiId: String(foiId) }), TopupActionResponse)).data;
}

export async function reclaimTopup(orders: ServiceClient, foiId: number, claim: ClaimKind, note: string) {
  return (await call(orders, postJson('secured/fo/topup/reclaim', { foiId, claim, note }), ReclaimResponse)).data;
}

export async function massResetTries(orders: ServiceClient, startDate: string, endDate: string) {
  return (await call(orders, postQuery('secured/fulfillment/resetTries/masivo', { startDate, endDate }), MassResetResponse)).data;
}
