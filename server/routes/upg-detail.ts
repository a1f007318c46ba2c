import { Hono, type MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { notFound, ok, parse } from '../http';
import { requireAnyPermission, requireApiKey, requireBearer } from '../auth/middleware';
import { GatewayLogQuery } from '@/api/contract/order-detail';
import { APP_NAMES } from '@/domain/catalog';
import { Permission } from '@/domain/permissions';
import { listGatewayLogs } from '../services/order-detail';

/**
 * The payment gateway's log of an order (the order detail's Ejecucion tab). The path's first
 * segment is the tenant (order detail) or the app name (charge-order detail); the second the tenant.
 */
export function upgDetailRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const bearer = requireBearer(deps);
  // upg.ts authenticates every /api/crm/* path too: look the token up once.
  const signedIn: MiddlewareHandler<AppEnv> = (c, next) => (c.get('principal') ? next() : bearer(c, next));

  app.get(
    '/api/crm/:first/:tenant/gateway/result',
    requireApiKey(deps),
    signedIn,
    requireAnyPermission(Permission.VIEW_ORDERS, Permission.VIEW_UPG),
    async (c) => {
      const first = c.req.param('first');
      const tenant = c.req.param('tenant');
      const known = first === deps.config.tenant || (APP_NAMES as readonly string[]).includes(first);
      if (!known || tenant !== deps.config.tenant) throw notFound(`Empresa desconocida: ${known ? tenant : first}.`);
      const query = parse(GatewayLogQuery, c.req.query());
      return ok(c, { elements: await listGatewayLogs(deps.db.kysely, query.orderId, query.accountId) });
    },
  );

  return app;
}
