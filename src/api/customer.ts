import { call, type ServiceClient } from './http';
import { PhonesResponse } from './contract/customer-phones';
import { CustomerBlacklistResponse, KYC_COMPANY_ID, KycDecisionStatusResponse, KycHistoryResponse } from './contract/customer-detail';

/** What the console reads about one customer (their actions are their action tables' rows). */

/** GET /users/secured/phoneNumbers: the customer's phones, the principal one first. */
export async function getPhones(users: ServiceClient, accountId: number) {
  return (await call(users, (k) => k.get('secured/phoneNumbers', { searchParams: { accountId: String(accountId) } }), PhonesResponse)).data.elements;
}

/** GET /blacklist/secured/blackList: the customer's blacklist entries, newest first. */
export async function getCustomerBlacklist(blacklist: ServiceClient, accountId: number, page: number, size: number) {
  const searchParams = { accountId: String(accountId), page: String(page), size: String(size) };
  return (await call(blacklist, (k) => k.get('secured/blackList', { searchParams }), CustomerBlacklistResponse)).data;
}

/** The customer's KYC: the current status, and the verifications when there is a status that is not 'error'. */
export async function getKyc(users: ServiceClient, accountId: number) {
  const searchParams = { accountId: String(accountId), companyId: String(KYC_COMPANY_ID) };
  const status = (await call(users, (k) => k.get('secured/kyc/decision-status', { searchParams }), KycDecisionStatusResponse)).data;
  const history = status.status && status.status !== 'error' ? (await call(users, (k) => k.get('secured/kyc/decision-history', { searchParams }), KycHistoryResponse)).data.elements : null;
  return { status, history };
}
