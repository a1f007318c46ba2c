import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';

/** /remittances: the remittance delivery service's home-remittance paths (api-key): approve, review, undeliver, deliver, delivery info, receipts, couriers. */
export function remittancesRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>();
  return app;
}
