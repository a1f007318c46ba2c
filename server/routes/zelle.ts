import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';

/** Routes of this area (order detail). */
export function zelleRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>();
  return app;
}
