import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';

/** /orders/secured: prepaid card and gift card items: prepaidCard/approve, data, update; foid/giftcards; processItem/call. */
export function prepaidGiftRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>();
  return app;
}
