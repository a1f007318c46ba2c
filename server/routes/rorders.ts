import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { requirePermission } from '../auth/middleware';
import { ItemsQuery } from '@/api/contract/order-lists';
import { Permission } from '@/domain/permissions';
import { searchItems } from '../services/order-lists';
import { ordersHistoryHandler } from './orders';

/** The read-replica orders service: the items search and the orders search's twin. */
export function rordersRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/secured/orders/allHistory', requirePermission(Permission.VIEW_ORDERS), ordersHistoryHandler(deps));
  app.get('/secured/items/allHistory', requirePermission(Permission.VIEW_ITEMS), async (c) =>
    ok(c, await searchItems(deps.db.kysely, parse(ItemsQuery, c.req.query()), deps.clock.now())),
  );
  return app;
}
