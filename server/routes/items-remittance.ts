import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';

/** /orders/secured: bank and home remittance items: remesa data, remesaToBank/update, remesa-to-bank/update-status and update-provider, remesa-to-steet/update-shipping-address and refresh-fulfillment-status. */
export function remittanceRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>();
  return app;
}
