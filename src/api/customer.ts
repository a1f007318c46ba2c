import { call, type ServiceClient } from './http';
import { PhonesResponse } from './contract/customer-phones';
import type * as v from 'valibot';
import { UserDocumentsResponse } from './contract/customer-documents';
import { AddCardAttemptsResponse, CampaignsResponse, KYC_COMPANY_ID, KycDecisionStatusResponse, KycHistoryResponse, SegmentEventsResponse, SegmentTraitsResponse } from './contract/customer-detail';

/** What the console reads about one customer (their actions are their action tables' rows). */

/** GET /users/secured/phoneNumbers: the customer's phones, the principal one first. */
export async function getPhones(users: ServiceClient, accountId: number) {
  return (await call(users, (k) => k.get('secured/phoneNumbers', { searchParams: { accountId: String(accountId) } }), PhonesResponse)).data;
}

/** The customer's KYC: the current status, and the verifications when there is a status that is not 'error'. */
export async function getKyc(users: ServiceClient, accountId: number) {
  const searchParams = { accountId: String(accountId), companyId: String(KYC_COMPANY_ID) };
  const status = (await call(users, (k) => k.get('secured/kyc/decision-status', { searchParams }), KycDecisionStatusResponse)).data;
  const history = status.status && status.status !== 'error' ? (await call(users, (k) => k.get('secured/kyc/decision-history', { searchParams }), KycHistoryResponse)).data.elements : null;
  return { status, history };
}

/** One page of a customer table (spec details §7 "Customer detail"): `path` of the service, read with `schema`; `filters` are the table's filters and the order its call asks (`sort`). */
export async function getCustomerPage<T>(
  client: ServiceClient,
  path: string,
  schema: v.GenericSchema<unknown, { data: T }>,
  accountId: number,
  page: number,
  size: number,
  filters: Readonly<Record<string, string>> = {},
): Promise<T> {
  // A filter left empty is not sent (all of them).
  const searchParams = { accountId: String(accountId), page: String(page), size: String(size), ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) };
  return (await call(client, (k) => k.get(path, { searchParams }), schema)).data;
}

/** GET /users/secured/campaign-user/list: the campaigns the customer is in. */
export async function getCampaigns(users: ServiceClient, accountId: number) {
  return (await call(users, (k) => k.get('secured/campaign-user/list', { searchParams: { accountId: String(accountId) } }), CampaignsResponse)).data;
}

/** GET /users/secured/segment/data/traits: the customer's traits (data.object). */
export async function getSegmentTraits(users: ServiceClient, accountId: number) {
  return (await call(users, (k) => k.get('secured/segment/data/traits', { searchParams: { accountId: String(accountId) } }), SegmentTraitsResponse)).data.object;
}

/** GET /users/secured/segment/data/events: a page of 100 events after the cursor. */
export async function getSegmentEvents(users: ServiceClient, accountId: number, next: string | null) {
  const searchParams = { accountId: String(accountId), ...(next ? { next } : {}) };
  return (await call(users, (k) => k.get('secured/segment/data/events', { searchParams }), SegmentEventsResponse)).data;
}

/** GET /customer/secured/add/creditcard/result: the customer's attempts to add a card (CRM7_AGENT). */
export async function getAddCardAttempts(customer: ServiceClient, accountId: number) {
  return (await call(customer, (k) => k.get('secured/add/creditcard/result', { searchParams: { accountId: String(accountId) } }), AddCardAttemptsResponse)).data;
}

/** GET /users/secured/documents/list: the customer's identity documents, newest first. */
export async function getDocuments(users: ServiceClient, accountId: number) {
  return (await call(users, (k) => k.get('secured/documents/list', { searchParams: { accountId: String(accountId) } }), UserDocumentsResponse)).data;
}
