import { call, type ServiceClient } from './http';
import { KycVerificationsResponse, RiskListResponse, type KycVerifications, type RiskList } from './contract/orders';

export async function getRiskList(orders: ServiceClient, page = 0, size = 20): Promise<RiskList> {
  return (await call(orders, (k) => k.get('secured/risk/list', { searchParams: { page, size } }), RiskListResponse)).data;
}

export async function getKycVerifications(orders: ServiceClient, companyId: number): Promise<KycVerifications> {
  return (await call(orders, (k) => k.get('secured/kyc/verifications', { searchParams: { companyId } }), KycVerificationsResponse)).data;
}
