import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';

/** /remittances: the remittance delivery service's pickup paths (api-key): approve, review, deliver, receipts, picked cash. */
export function remittancesPickupRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>();
  return app;
}
