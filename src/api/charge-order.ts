import { call, type ServiceClient } from './http';
import { ChargeOrderMlResponse, ChargeOrderResponse } from './contract/upg-detail';
import { AppliedRulesResponse } from './contract/order-detail';

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
