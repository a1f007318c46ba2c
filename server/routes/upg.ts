import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { requireApiKey, requireBearer, requirePermission } from '../auth/middleware';
import { ChargeOrdersQuery } from '@/api/contract/upg';
import { Permission } from '@/domain/permissions';
import { searchChargeOrders } from '../services/calls-and-charges';

/**
 * The unified payment gateway's CRM API. The provider's contract uses a fixed api-key header;
 * the reference server also asks for the staff member's token, so the key alone opens nothing.
 */
export function upgRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('/api/crm/*', requireApiKey(deps), requireBearer(deps));
  app.get('/api/crm/:company/chargeOrder/allHistory', requirePermission(Permission.VIEW_UPG), async (c) =>
    ok(c, await searchChargeOrders(deps.db.kysely, c.req.param('company'), parse(ChargeOrdersQuery, c.req.query()), deps.clock.now())),
  );
  return app;
}
