import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';

/** /orders/secured: top-up items: fo/topup/edit, changeStatus, resetTries (and masivo), reclaim, items/similar, traces. */
export function topupRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>();
  return app;
}
