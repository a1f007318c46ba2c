import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { requirePermission } from '../auth/middleware';
import { CallsQuery } from '@/api/contract/calls';
import { Permission } from '@/domain/permissions';
import { searchCalls } from '../services/calls-and-charges';

/** /users/secured/call/list: the calls search. */
export function usersCallsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/secured/call/list', requirePermission(Permission.VIEW_CALLS), async (c) =>
    ok(c, await searchCalls(deps.db.kysely, parse(CallsQuery, c.req.query()), deps.clock.now())),
  );
  return app;
}
