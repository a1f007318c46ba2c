import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';

/** the fraud graph: accounts linked through cards, devices, IPs and phones. */
export function fraudGraphRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>();
  return app;
}
