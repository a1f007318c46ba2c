import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { notFound, ok, parse } from '../http';
import { requireApiKey, requireBearer, requirePermission } from '../auth/middleware';
import { MlInferenceQuery, OrderIdQuery } from '@/api/contract/order-detail';
import { Permission } from '@/domain/permissions';
import { listRiskRules, mlInference, riskAssessment } from '../services/order-detail';

/**
 * Risk control's CRM API: the order's assessment, the rules that fired and the ML inference.
 * The provider's contract uses the fixed api key; the reference server also asks for the staff
 * member's token and CRM2_VIEW_ORDERS. An order without data answers `data: null` (or no rules).
 */
export function riskcontrolRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  app.use('/api/crm/*', requireApiKey(deps), requireBearer(deps), requirePermission(Permission.VIEW_ORDERS));

  // The reference server serves one company.
  const checkTenant = (tenant: string | undefined) => {
    if (tenant !== undefined && tenant !== deps.config.tenant) throw notFound(`Empresa desconocida: ${tenant}.`);
  };

  const assessment = async (c: Context<AppEnv>) => {
    checkTenant(c.req.param('tenant'));
    return riskAssessment(db, parse(OrderIdQuery, c.req.query()).orderId);
  };
  // The spec writes the path with a trailing slash; both forms are served.
  app.get('/api/crm/:tenant/riskassesment/', async (c) => ok(c, await assessment(c)));
  app.get('/api/crm/:tenant/riskassesment', async (c) => ok(c, await assessment(c)));

  app.get('/api/crm/:tenant/rulesResult/list', async (c) => {
    checkTenant(c.req.param('tenant'));
    return ok(c, { elements: await listRiskRules(db, parse(OrderIdQuery, c.req.query()).orderId) });
  });

  app.get('/api/crm/ml/riskinference/bysalesorder', async (c) => {
    const query = parse(MlInferenceQuery, c.req.query());
    checkTenant(query.tenant);
    return ok(c, await mlInference(db, query.orderId));
  });

  return app;
}
