import { call, type ServiceClient } from './http';
import {
  AccountDataResponse,
  AccountSummaryResponse,
  AppliedRulesResponse,
  GatewayLogsResponse,
  MlInferenceResponse,
  NoteResponse,
  NotesResponse,
  OfferItemsResponse,
  OffersResponse,
  PaymentOrderResponse,
  PendingRefundsResponse,
  RelatedAccountsResponse,
  RiskAssessmentResponse,
  RiskRulesResponse,
  TotalClosedResponse,
  type NoteDocCode,
} from './contract/order-detail';
import { ActionLogsResponse } from './contract/settings';
import type { DocCode } from '@/domain/diff';

/** The order detail's read calls (spec details §7 "Order detail"), the notes and the action logs of a document. */

const id = (value: number) => String(value);

export async function getOffers(orders: ServiceClient, orderId: number) {
  return (await call(orders, (k) => k.get('secured/fo/list', { searchParams: { orderId: id(orderId) } }), OffersResponse)).data.elements;
}

export async function getOfferItems(orders: ServiceClient, foId: number) {
  return (await call(orders, (k) => k.get('secured/items/list', { searchParams: { foId: id(foId) } }), OfferItemsResponse)).data.elements;
}

export async function getAppliedRules(orders: ServiceClient, orderId: number) {
  return (await call(orders, (k) => k.get('secured/rules/list', { searchParams: { orderId: id(orderId) } }), AppliedRulesResponse)).data.elements;
}

export async function getPaymentElements(orders: ServiceClient, orderId: number) {
  return (await call(orders, (k) => k.get('secured/paymentOrder', { searchParams: { orderId: id(orderId) } }), PaymentOrderResponse)).data.elements;
}

export async function getRelatedAccounts(orders: ServiceClient, orderId: number) {
  return (
    await call(orders, (k) => k.get('secured/getAccountsRelatedToOrderByPaymentMethod', { searchParams: { orderId: id(orderId) } }), RelatedAccountsResponse)
  ).data.elements;
}

export async function getPendingRefunds(orders: ServiceClient, orderId: number) {
  return (await call(orders, (k) => k.get('secured/pendingrefund', { searchParams: { orderId: id(orderId) } }), PendingRefundsResponse)).data.elements;
}

export async function getOrderNotes(orders: ServiceClient, orderId: number, size: number) {
  return (await call(orders, (k) => k.get('secured/notes/list', { searchParams: { orderId: id(orderId), page: '0', size: String(size) } }), NotesResponse)).data;
}

export async function getTotalClosed(orders: ServiceClient, accountId: number) {
  return (await call(orders, (k) => k.get('secured/orders/totalClosed', { searchParams: { accountId: id(accountId) } }), TotalClosedResponse)).data.totalUsd;
}

export async function getRiskAssessment(riskcontrol: ServiceClient, tenant: string, orderId: number) {
  return (
    await call(riskcontrol, (k) => k.get(`${encodeURIComponent(tenant)}/riskassesment/`, { searchParams: { orderId: id(orderId) } }), RiskAssessmentResponse)
  ).data;
}

export async function getRiskRules(riskcontrol: ServiceClient, tenant: string, orderId: number) {
  return (await call(riskcontrol, (k) => k.get(`${encodeURIComponent(tenant)}/rulesResult/list`, { searchParams: { orderId: id(orderId) } }), RiskRulesResponse))
    .data.elements;
}

export async function getMlInference(riskcontrol: ServiceClient, params: { orderId: number; tenant: string; appName: string | null }) {
  const searchParams = { orderId: id(params.orderId), tenant: params.tenant, ...(params.appName ? { appName: params.appName } : {}) };
  return (await call(riskcontrol, (k) => k.get('ml/riskinference/bysalesorder', { searchParams }), MlInferenceResponse)).data;
}

export async function getGatewayLogs(upg: ServiceClient, tenant: string, params: { accountId: number; orderId: number }, appName?: string) {
  const t = encodeURIComponent(tenant);
  const first = appName ? encodeURIComponent(appName) : t;
  return (
    await call(upg, (k) => k.get(`${first}/${t}/gateway/result`, { searchParams: { accountId: id(params.accountId), orderId: id(params.orderId) } }), GatewayLogsResponse)
  ).data.elements;
}

export async function getDocNotes(uaa: ServiceClient, docCode: NoteDocCode, docId: number, size: number) {
  return (
    await call(uaa, (k) => k.get('secured/doc-note/data', { searchParams: { docCode, docId: id(docId), page: '0', size: String(size) } }), NotesResponse)
  ).data;
}

export async function createDocNote(uaa: ServiceClient, body: { docCode: NoteDocCode; docId: string; accountId: number | null; description: string }) {
  return (await call(uaa, (k) => k.post('secured/doc-note/create', { json: body }), NoteResponse)).data;
}

export async function getAccountSummary(uaa: ServiceClient, accountId: number) {
  return (await call(uaa, (k) => k.get('secured/other/data', { searchParams: { accountId: id(accountId) } }), AccountSummaryResponse)).data;
}

export async function getAccountData(users: ServiceClient, accountId: number) {
  return (await call(users, (k) => k.get('secured/other/data', { searchParams: { accountId: id(accountId) } }), AccountDataResponse)).data;
}

/** A document's action logs, newest first; with a description, only those whose description contains it. */
export async function getDocActionLogs(
  users: ServiceClient,
  params: { docCode: DocCode; docId: string; page: number; size: number; description?: string },
) {
  const searchParams = { docCode: params.docCode, docId: params.docId, page: String(params.page), size: String(params.size) };
  const description = params.description?.trim();
  return (
    await call(
      users,
      (k) =>
        description
          ? k.get('secured/action-logs/specific-data', { searchParams: { ...searchParams, description } })
          : k.get('secured/action-logs/data', { searchParams }),
      ActionLogsResponse,
    )
  ).data;
}
