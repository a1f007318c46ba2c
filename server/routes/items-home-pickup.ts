import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';

/** /orders/secured: home remittance and pickup cash items: remesa and pickup data, shipping addresses, refresh fulfilment status, pickupcash/cancel. */
export function homePickupRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>();
  return app;
}
