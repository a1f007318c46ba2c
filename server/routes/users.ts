import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { usersCallsRoutes } from './users-calls';

/** The users service, one sub-router per area. */
export function usersRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.route('/', usersCallsRoutes(deps));
  return app;
}
