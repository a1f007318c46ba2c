import { call, type ServiceClient } from './http';
import { KycVerificationsResponse, RiskListResponse, type KycVerifications, type RiskList } from './contract/orders';

/** The orders service's reads accept the codes of their family (src/api/success-codes.ts). */
const ORDERS = { family: 'orders' } as const;

export async function getRiskList(orders: ServiceClient, page = 0, size = 20): Promise<RiskList> {
  return (await call(orders, (k) => k.get('secured/risk/list', { searchParams: { page, size } }), RiskListResponse, ORDERS)).data;
}

export async function getKycVerifications(orders: ServiceClient, companyId: number): Promise<KycVerifications> {
  return (await call(orders, (k) => k.get('secured/kyc/verifications', { searchParams: { companyId } }), KycVerificationsResponse, ORDERS)).data;
}
