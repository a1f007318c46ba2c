import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { requirePermission } from '../auth/middleware';
import { CallsQuery } from '@/api/contract/calls';
import { Permission } from '@/domain/permissions';
import { searchCalls } from './calls';

/** What staff read about calls: the calls search. */
export function callRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/users/secured/call/list', requirePermission(Permission.VIEW_CALLS), async (c) =>
    ok(c, await searchCalls(deps.db.kysely, parse(CallsQuery, c.req.query()), deps.clock.now())),
  );
  return app;
}
