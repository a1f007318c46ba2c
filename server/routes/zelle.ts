import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { requireAnyPermission } from '../auth/middleware';
import { ZelleQuery } from '@/api/contract/order-actions';
import { Permission } from '@/domain/permissions';
import { listTransfers } from '../order/zelle';

/** /upg/secured/zelle/{tenant}/{tenant}: the order's Zelle transfers (the bearer check is the app's). */
export function zelleRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  app.get('/secured/zelle/:tenant/:tenant2/transfers/byOriginId', requireAnyPermission(Permission.VIEW_ORDERS, Permission.VIEW_UPG), async (c) =>
    ok(c, await listTransfers(db, c.req.param('tenant'), parse(ZelleQuery, c.req.query()))),
  );
  return app;
}
