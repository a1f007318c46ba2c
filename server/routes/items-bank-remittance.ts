import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';

/** /orders/secured: bank remittance items (REMESA_BANCARIA): remesa data, remesaToBank/update, remesa-to-bank/update-status and update-provider. */
export function bankRemittanceRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>();
  return app;
}
