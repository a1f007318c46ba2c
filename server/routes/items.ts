import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { requireAnyPermission, requirePermission } from '../auth/middleware';
import { ItemTransitionsQuery, ProvincesQuery } from '@/api/contract/items';
import { Permission } from '@/domain/permissions';
import { listItemTransitions } from '../services/item-transitions';
import { listProvinces } from '../services/provinces';

/** /orders/secured/items/transitions: what QA audits, per order (or per item). */
export function itemTransitionsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/secured/items/transitions', requirePermission(Permission.VIEW_ORDERS), async (c) => {
    const q = parse(ItemTransitionsQuery, c.req.query());
    return ok(c, { elements: await listItemTransitions(deps.db.kysely, { orderId: q.orderId, itemId: q.foiid }) });
  });
  return app;
}

/** /catalog/secured/provinces?productType: the provinces of Cuba with their municipalities. */
export function catalogRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/secured/provinces', requireAnyPermission(Permission.VIEW_ORDERS, Permission.VIEW_CUSTOMERS), async (c) => {
    parse(ProvincesQuery, c.req.query());
    return ok(c, { elements: await listProvinces(deps.db.kysely) });
  });
  return app;
}
