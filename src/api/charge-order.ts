import { call, type ServiceClient } from './http';
import { ChargeOrderMlResponse, ChargeOrderResponse } from './contract/upg-detail';
import { AppliedRulesResponse } from './contract/order-detail';
import { UpgDefenceResponse } from './contract/customer-reports';
import { DEFENCE_PAGE_SIZE } from '@/domain/reports';

const path = (tenant: string, what: string) => `${encodeURIComponent(tenant)}/${what}`;

/** The charge order as the gateway has it now. */
export async function getChargeOrder(upg: ServiceClient, tenant: string, chargeOrderId: number) {
  return (await call(upg, (k) => k.get(path(tenant, 'paymentChargeOrder'), { searchParams: { chargeorderId: String(chargeOrderId) } }), ChargeOrderResponse)).data;
}

/** Its applied charge rules (the transactions). */
export async function getChargeRules(upg: ServiceClient, tenant: string, chargeOrderId: number) {
  return (await call(upg, (k) => k.get(path(tenant, 'rules/list'), { searchParams: { chargeorderId: String(chargeOrderId) } }), AppliedRulesResponse)).data.elements;
}

/** The ML inference by charge order (the answer in data.object). */
export async function getChargeMl(riskcontrol: ServiceClient, chargeOrderId: number) {
  return (await call(riskcontrol, (k) => k.get('ml/riskinference/bychargeorder', { searchParams: { chargeOrderId: String(chargeOrderId) } }), ChargeOrderMlResponse)).data.object;
}

/** A page of the company's defence report (GET …/generate/reports-chb) for a window whose end is already the day after the last one. */
export async function getUpgDefence(upg: ServiceClient, tenant: string, window: { start: string; end: string }, page: number) {
  const searchParams = { startDate: window.start, endDate: window.end, page: String(page), size: String(DEFENCE_PAGE_SIZE) };
  return (await call(upg, (k) => k.get(path(tenant, 'generate/reports-chb'), { searchParams }), UpgDefenceResponse)).data;
}
