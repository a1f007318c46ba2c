import { DEFENCE_READERS } from '@/domain/reports';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { notFound, ok, parse } from '../http';
import { requireApiKey, requireBearer, requirePermission, requireShown } from '../auth/middleware';
import { ChargeOrdersQuery } from '@/api/contract/upg';
import { ChargeOrderIdQuery, ChargeOrderMlQuery } from '@/api/contract/upg-detail';
import { GatewayLogQuery } from '@/api/contract/order-detail';
import { Permission } from '@/domain/permissions';
import { chargeOrderOf, chargeRowOf, searchChargeOrders } from './charge-orders';
import { chargeOrderBinding } from './actions';
import { readContext, snapshotOfRecord } from '../lifecycle/snapshot';
import { listAppliedRules, listGatewayLogs } from '../order/order-detail';
import { checkCompanyPath, registrationCharts } from '../order/zelle';
import { mlInference } from '../order/order-risk';
import { upgDefenceReport } from './defence-report';
import { UpgDefenceQuery } from '@/api/contract/customer-reports';
import { chargeOrderShows } from './shown';

/**
 * What staff read from the unified payment gateway's CRM API: the charge orders search and the
 * gateway's log of an order (the order detail's Ejecucion tab; the path's first segment is the
 * tenant there, the app name in the charge-order detail; the second the tenant). The provider's
 * contract uses a fixed api-key header; the reference server also asks for the staff member's
 * token, so the key alone opens nothing.
 */
export function chargeOrderRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // Every path of the gateway's CRM API: the api key and the staff member's token.
  app.use('/upg/api/crm/*', requireBearer(deps), requireApiKey(deps));
  app.get('/upg/api/crm/:company/chargeOrder/allHistory', requirePermission(Permission.VIEW_UPG), async (c) =>
    ok(c, await searchChargeOrders(deps.db.kysely, c.req.param('company'), parse(ChargeOrdersQuery, c.req.query()), deps.clock.now())),
  );

  // The order page's Ejecucion reads any order's log; the charge order's, under CRM2_VIEW_UPG, a charge order's only.
  app.get(
    '/upg/api/crm/:first/:tenant/gateway/result',
    requireShown({ permission: Permission.VIEW_ORDERS }, chargeOrderShows(deps.db.kysely, deps.config.tenant).gatewayLog),
    async (c) => {
      checkCompanyPath({ company: c.req.param('first'), tenant: c.req.param('tenant') }, deps.config.tenant);
      const query = parse(GatewayLogQuery, c.req.query());
      return ok(c, { elements: await listGatewayLogs(deps.db.kysely, query.orderId, query.accountId) });
    },
  );

  // The charge-order detail (spec details §7): the charge order, its applied rules and its ML
  // inference, read through the order it charged. Another company's charge order is not found.
  const ownTenant = (tenant: string) => {
    if (tenant !== deps.config.tenant) throw notFound(`Empresa desconocida: ${tenant}.`);
    return tenant;
  };
  // With its chart's snapshot, computed by the binding's store from the record read (issue 25 §1),
  // and its Zelle section's registration chart, for the order its reference code names.
  app.get('/upg/api/crm/:tenant/paymentChargeOrder', requirePermission(Permission.VIEW_UPG), async (c) => {
    const charge = await chargeOrderOf(deps.db.kysely, ownTenant(c.req.param('tenant')), parse(ChargeOrderIdQuery, c.req.query()).chargeorderId);
    const ctx = readContext(deps, c);
    return ok(c, { ...chargeRowOf(charge), charts: [await snapshotOfRecord(ctx, chargeOrderBinding, charge), ...(await registrationCharts(ctx, charge.origin_order_id))] });
  });
  app.get('/upg/api/crm/:tenant/rules/list', requirePermission(Permission.VIEW_UPG), async (c) => {
    const charge = await chargeOrderOf(deps.db.kysely, ownTenant(c.req.param('tenant')), parse(ChargeOrderIdQuery, c.req.query()).chargeorderId);
    return ok(c, { elements: charge.order_id === null ? [] : await listAppliedRules(deps.db.kysely, charge.order_id) });
  });
  app.get('/riskcontrol/api/crm/ml/riskinference/bychargeorder', requireBearer(deps), requireApiKey(deps), requirePermission(Permission.VIEW_UPG), async (c) => {
    const charge = await chargeOrderOf(deps.db.kysely, deps.config.tenant, parse(ChargeOrderMlQuery, c.req.query()).chargeOrderId);
    return ok(c, { object: charge.order_id === null ? null : await mlInference(deps.db.kysely, charge.order_id) });
  });

  // The company's chargeback defence report: a report is support work (CRM7_DO_ACTION, spec details §6) on the gateway's data.
  app.get('/upg/api/crm/:tenant/generate/reports-chb', requirePermission(Permission.VIEW_UPG), requirePermission(...DEFENCE_READERS), async (c) =>
    ok(c, await upgDefenceReport(deps.db.kysely, ownTenant(c.req.param('tenant')), parse(UpgDefenceQuery, c.req.query()))),
  );

  return app;
}
