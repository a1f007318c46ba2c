import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';

/** /orders/secured: pickup cash items: pickup data, shipping address, refresh fulfilment status, pickupcash/cancel. */
export function pickupRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>();
  return app;
}
