import { call, type ServiceClient } from './http';
import { FraudConfigResponse, type FraudConfig } from './contract/fraud-config';

/** The fraud configuration is a POST naming the client (spec lists §7). */
export async function getFraudConfig(fraudConfig: ServiceClient, url: string, clientName: string): Promise<FraudConfig> {
  return (await call(fraudConfig, (k) => k.post(url, { json: { clientName } }), FraudConfigResponse)).data;
}
