import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { usersCallsRoutes } from './users-calls';
import { usersExtrasRoutes } from './users-extras';
import { usersSettingsRoutes } from './users-settings';
import { usersDetailRoutes } from './users-detail';

/** The users service, one sub-router per area. */
export function usersRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.route('/', usersCallsRoutes(deps));
  app.route('/', usersExtrasRoutes(deps));
  app.route('/', usersSettingsRoutes(deps));
  app.route('/', usersDetailRoutes(deps));
  return app;
}
