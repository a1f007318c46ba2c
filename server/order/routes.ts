import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { notFound, ok, parse } from '../http';
import { requireApiKey, requireBearer, requirePermission, requireShown } from '../auth/middleware';
import { OrdersQuery } from '@/api/contract/order-lists';
import { MlInferenceQuery, OfferIdQuery, OrderIdQuery } from '@/api/contract/order-detail';
import { ZelleQuery } from '@/api/contract/order-actions';
import { FraudGraphQuery } from '@/api/contract/fraud-graph';
import { Permission } from '@/domain/permissions';
import { searchOrders } from './order-lists';
import { listAppliedRules, listOfferItems, listPaymentElements, offerOf, listPendingRefunds, listRelatedAccounts } from './order-detail';
import { listRiskRules, mlInference, riskAssessment } from './order-risk';
import { fraudGraph } from './fraud-graph';
import { readContext, snapshotOfKey, snapshotOfRecord } from '../lifecycle/snapshot';
import { itemCharts } from '../items/item-charts';
import { offerBinding, orderBinding, paymentRuleBinding, refundBinding } from './order-actions';
import { offerRecordsOf } from './order-stores';
import { rememberUntilWrite } from '../db/paging';
import { paidCardCharts } from '../customer/customer-charts';
import { checkCompanyPath, listTransfers, registrationCharts } from './zelle';
import { chargeOrderShows } from '../charge-order/shown';

/**
 * What staff read about orders: the orders search (served by /orders and its read-replica twin
 * /rorders), what the order detail's tabs read, risk control's view of an order, the fraud graph
 * and the order's Zelle transfers. The orders' actions are their action tables' routes
 * (server/lifecycle/mount.ts).
 */
export function orderRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const view = requirePermission(Permission.VIEW_ORDERS);
  // What the charge order's detail shows of an order (its payment methods, its risk, its gateway log
  // and Zelle transfers) is read under CRM2_VIEW_UPG too, for a charge order's only
  // (docs/decisions.md, "Issue 38: reads under the page's own permission").
  const charged = chargeOrderShows(db, deps.config.tenant);
  const orderOrCharged = requireShown({ permission: Permission.VIEW_ORDERS }, charged.order);
  const orderId = (query: Record<string, string>) => parse(OrderIdQuery, query).orderId;

  // The read of one order (the order page's: `orderId`) carries the order's chart and its Zelle
  // registration's (docs/contract.md); a list does not (its rows are not acted on from there, and a
  // snapshot per row is a query per row).
  const history = async (c: Context<AppEnv>) => {
    const query = parse(OrdersQuery, c.req.query());
    const page = await searchOrders(db, query, deps.clock.now());
    if (query.orderId === undefined) return ok(c, page);
    const ctx = readContext(deps, c);
    const charts = async (o: (typeof page.elements)[number]) => [await snapshotOfKey(ctx, orderBinding, { order: o.id }), ...(await registrationCharts(ctx, o.originOrderId))];
    return ok(c, { ...page, elements: await Promise.all(page.elements.map(async (o) => ({ ...o, charts: await charts(o) }))) });
  };
  app.get('/orders/secured/orders/allHistory', view, history);
  app.get('/rorders/secured/orders/allHistory', view, history);

  // Each offer with its charts (its pass to credit and back, its refunds) as their stores compute them (docs/contract.md).
  app.get('/orders/secured/fo/list', view, async (c) => {
    const id = orderId(c.req.query());
    const ctx = readContext(deps, c);
    // The offers and both charts of each from one read (the stores' own), remembered until one of its tables is written.
    const offers = await rememberUntilWrite(ctx.db, `offers\u0000${id}`, () => offerRecordsOf(ctx.db, id));
    return ok(c, { elements: await Promise.all(offers.map(async (o) => ({ ...offerOf(o), charts: await Promise.all([offerBinding, refundBinding].map((binding) => snapshotOfRecord(ctx, binding, o))) }))) });
  });
  // Each item with its panel's charts, by product, as their stores compute them (docs/contract.md).
  app.get('/orders/secured/items/list', view, async (c) => {
    const ctx = readContext(deps, c);
    const items = await listOfferItems(db, parse(OfferIdQuery, c.req.query()).foId);
    return ok(c, { elements: await Promise.all(items.map(async (i) => ({ ...i, charts: await itemCharts(ctx, i) }))) });
  });
  // Each applied rule with its chart (its e-mail) as the rule's store computes it (docs/contract.md).
  app.get('/orders/secured/rules/list', view, async (c) => {
    const id = orderId(c.req.query());
    const ctx = readContext(deps, c);
    const rules = await listAppliedRules(db, id);
    return ok(c, { elements: await Promise.all(rules.map(async (r) => ({ ...r, charts: [await snapshotOfKey(ctx, paymentRuleBinding, { order: id, rule: r.id })] }))) });
  });
  // A card's element carries its listing chart, as the blacklist's store computes it (docs/contract.md).
  app.get('/orders/secured/paymentOrder', orderOrCharged, async (c) => {
    const ctx = readContext(deps, c);
    return ok(c, { elements: await listPaymentElements(db, orderId(c.req.query()), (accountId, card) => paidCardCharts(ctx, accountId, card)) });
  });
  app.get('/orders/secured/getAccountsRelatedToOrderByPaymentMethod', view, async (c) =>
    ok(c, { elements: await listRelatedAccounts(db, orderId(c.req.query())) }),
  );
  app.get('/orders/secured/pendingrefund', view, async (c) => ok(c, { elements: await listPendingRefunds(db, orderId(c.req.query())) }));

  // Risk control's CRM API: the provider's contract uses the fixed api key; the reference server
  // also asks for the staff member's token and, on each path, the permission of the pages that read
  // it (the ML inference by charge order is the charge order module's, under CRM2_VIEW_UPG). An
  // order without data answers `data: null` (or no rules).
  const riskApi = [requireBearer(deps), requireApiKey(deps)] as const;

  // The reference server serves one company.
  const checkTenant = (tenant: string | undefined) => {
    if (tenant !== undefined && tenant !== deps.config.tenant) throw notFound(`Empresa desconocida: ${tenant}.`);
  };

  const assessment = async (c: Context<AppEnv>) => {
    checkTenant(c.req.param('tenant'));
    return riskAssessment(db, parse(OrderIdQuery, c.req.query()).orderId);
  };
  // The spec writes the path with a trailing slash; both forms are served.
  app.get('/riskcontrol/api/crm/:tenant/riskassesment/', ...riskApi, orderOrCharged, async (c) => ok(c, await assessment(c)));
  app.get('/riskcontrol/api/crm/:tenant/riskassesment', ...riskApi, orderOrCharged, async (c) => ok(c, await assessment(c)));

  app.get('/riskcontrol/api/crm/:tenant/rulesResult/list', ...riskApi, orderOrCharged, async (c) => {
    checkTenant(c.req.param('tenant'));
    return ok(c, { elements: await listRiskRules(db, parse(OrderIdQuery, c.req.query()).orderId) });
  });

  app.get('/riskcontrol/api/crm/ml/riskinference/bysalesorder', ...riskApi, view, async (c) => {
    const query = parse(MlInferenceQuery, c.req.query());
    checkTenant(query.tenant);
    return ok(c, await mlInference(db, query.orderId));
  });

  // The fraud graph: accounts linked through cards, devices, IPs and phones. The provider's risk
  // service can search every company of the group or only the console's own; the reference
  // server holds one company (`config.tenant`), so both read the same rows.
  app.use('/riskcontrol/secured/antifraud/*', requirePermission(Permission.VIEW_ORDERS));

  app.get('/riskcontrol/secured/antifraud/graph', async (c) => {
    const query = parse(FraudGraphQuery, c.req.query());
    return ok(c, await fraudGraph(deps.db.kysely, query, [deps.config.tenant]));
  });

  // The order's Zelle transfers (the bearer check is the app's), each with its chart (docs/contract.md).
  app.get('/upg/secured/zelle/:company/:tenant/transfers/byOriginId', requireShown({ permission: Permission.VIEW_ORDERS }, charged.zelle), async (c) =>
    ok(c, await listTransfers(readContext(deps, c), checkCompanyPath(c.req.param(), deps.config.tenant), parse(ZelleQuery, c.req.query()))),
  );
  return app;
}
