import { createServiceClient, type HttpHooks, type ServiceClient } from './http';
import type { RuntimeConfig } from './contract/runtime-config';

/** The services of the contract, each behind its own client. */
export interface Services {
  config: RuntimeConfig;
  uaa: ServiceClient;
  orders: ServiceClient;
  rorders: ServiceClient;
  users: ServiceClient;
  blacklist: ServiceClient;
  reports: ServiceClient;
  /** The payment gateway's CRM API: sends the session's api key. */
  upg: ServiceClient;
  /** The payment gateway's staff paths (Zelle): bearer token. */
  upgSecured: ServiceClient;
  /** Risk control's CRM API (assessment, rules, ML inference): the session's api key and bearer. */
  riskcontrol: ServiceClient;
  /** The catalogue (provinces and municipalities). */
  catalog: ServiceClient;
  /** The customer service (payment methods, card verification). */
  customer: ServiceClient;
  /** The remittance delivery service's CRM API (approve, review, deliver…): the session's api key and bearer. */
  remittances: ServiceClient;
  /** Risk control's staff paths (the fraud graph): bearer token. */
  riskcontrolSecured: ServiceClient;
  /** The messaging service (SMS, e-mail and WhatsApp to a customer). */
  messenger: ServiceClient;
  /** The SMS provider service, on its own host. */
  sms: ServiceClient;
  fraudConfig: ServiceClient;
}

const trim = (url: string) => url.replace(/\/+$/, '');

/** The absolute URL of the fraud configuration endpoint. */
export function fraudConfigUrl(config: RuntimeConfig): string {
  const base = trim(config.apiBaseUrl || window.location.origin);
  return config.fraudConfigUrl.startsWith('http') ? config.fraudConfigUrl : `${base}${config.fraudConfigUrl}`;
}

export function createServices(config: RuntimeConfig, hooks: HttpHooks): Services {
  const base = trim(config.apiBaseUrl || window.location.origin);
  return {
    config,
    uaa: createServiceClient(`${base}/uaa`, hooks),
    orders: createServiceClient(`${base}/orders`, hooks),
    rorders: createServiceClient(`${base}/rorders`, hooks),
    users: createServiceClient(`${base}/users`, hooks),
    blacklist: createServiceClient(`${base}/blacklist`, hooks),
    reports: createServiceClient(`${base}/reports`, hooks),
    upg: createServiceClient(`${base}/upg/api/crm`, hooks, { apiKey: true }),
    upgSecured: createServiceClient(`${base}/upg/secured`, hooks),
    riskcontrol: createServiceClient(`${base}/riskcontrol/api/crm`, hooks, { apiKey: true }),
    catalog: createServiceClient(`${base}/catalog`, hooks),
    customer: createServiceClient(`${base}/customer`, hooks),
    remittances: createServiceClient(`${base}/remittances`, hooks, { apiKey: true }),
    riskcontrolSecured: createServiceClient(`${base}/riskcontrol/secured`, hooks),
    messenger: createServiceClient(`${base}/messenger`, hooks),
    sms: createServiceClient(`${trim(config.smsHost || base)}/vphone/v1/sms`, hooks),
    // The fraud configuration lives at a URL of its own (an external endpoint in production).
    fraudConfig: createServiceClient('', hooks),
  };
}
