import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { requirePermission } from '../auth/middleware';
import { fraudGraph } from '../services/fraud-graph';
import { FraudGraphQuery } from '@/api/contract/fraud-graph';
import { Permission } from '@/domain/permissions';

/**
 * The fraud graph: accounts linked through cards, devices, IPs and phones. A read for staff
 * (bearer token, checked for every /secured path) holding CRM2_VIEW_ORDERS.
 *
 * Multi-company: the provider's risk service can search the links of every company of the group
 * or only the console's own. The reference server holds one company (`config.tenant`), so both
 * searches read the same rows; the answer names the companies searched.
 */
export function fraudGraphRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('/secured/antifraud/*', requirePermission(Permission.VIEW_ORDERS));

  app.get('/secured/antifraud/graph', async (c) => {
    const query = parse(FraudGraphQuery, c.req.query());
    return ok(c, await fraudGraph(deps.db.kysely, query, [deps.config.tenant]));
  });

  return app;
}
