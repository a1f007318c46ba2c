import { call, type ServiceClient } from './http';
import { FraudGraphResponse, type FraudGraphQuery } from './contract/fraud-graph';

/** GET /riskcontrol/secured/antifraud/graph: the accounts linked to an order's account and/or a user. */
export async function getFraudGraph(riskcontrolSecured: ServiceClient, query: FraudGraphQuery) {
  const searchParams: Record<string, string> = {
    depth: String(query.depth),
    networkType: query.networkType,
    multiCompany: String(query.multiCompany),
  };
  if (query.orderId !== undefined) searchParams.orderId = String(query.orderId);
  if (query.userId !== undefined) searchParams.userId = String(query.userId);
  return (await call(riskcontrolSecured, (k) => k.get('antifraud/graph', { searchParams }), FraudGraphResponse)).data;
}
