import { createServiceClient, type HttpHooks, type ServiceClient } from './http';
import type { RuntimeConfig } from './contract/runtime-config';

/** The services of the contract, each behind its own client. */
export interface Services {
  config: RuntimeConfig;
  uaa: ServiceClient;
  orders: ServiceClient;
  reports: ServiceClient;
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
    reports: createServiceClient(`${base}/reports`, hooks),
    // The fraud configuration lives at a URL of its own (an external endpoint in production).
    fraudConfig: createServiceClient('', hooks),
  };
}
