import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { requirePermission } from '../auth/middleware';
import { Permission } from '@/domain/permissions';
import { ordersHistoryHandler } from './orders';

/** The read-replica orders service: the items search and the orders search's twin. */
export function rordersRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/secured/orders/allHistory', requirePermission(Permission.VIEW_ORDERS), ordersHistoryHandler(deps));
  return app;
}
