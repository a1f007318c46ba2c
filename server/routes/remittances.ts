import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { itemActions } from './item-actions';
import { jsonBody, ok, parse } from '../http';
import { requireApiKey, requireBearer, requirePermission } from '../auth/middleware';
import { idempotent } from '../services/idempotency';
import { approveHome, deliverHome, deliveryInfo, listCouriers, reviewHome, undeliverHome, uploadReceipt } from '../services/remittance-home';
import { DeliverBody, DeliveryInfoBody, HomeApproveBody, HomeReasonBody, ReceiptBody } from '@/api/contract/remittance';
import { Permission } from '@/domain/permissions';
import { REMITTANCE_ACTION_PERMISSION } from '@/domain/remittance';

/**
 * The remittance delivery service's home-remittance paths and its couriers (spec details §7):
 * the provider's contract uses the fixed api key; the reference server also asks for the staff
 * member's token, CRM2_VIEW_ORDERS to read, and the editor flag with CRM2_OPERATIONS_SPECIALIST
 * to act (403 first, then 400, then the chart's 409). The remittanceId is the item's id.
 */
export function remittancesRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  // Only this service's paths: the pickup paths of the same service guard themselves.
  const guard = [requireApiKey(deps), requireBearer(deps), requirePermission(Permission.VIEW_ORDERS)] as const;
  app.use('/api/crm2/homeremittance/*', ...guard);
  app.use('/api/crm2/courier/*', ...guard);

  const { context, may } = itemActions(deps);
  const once = idempotent(deps);
  const base = '/api/crm2/homeremittance/secured';

  app.post(`${base}/approve`, may(REMITTANCE_ACTION_PERMISSION.approve), async (c) => ok(c, await approveHome(context(c), parse(HomeApproveBody, await jsonBody(c)))));
  app.post(`${base}/review`, may(REMITTANCE_ACTION_PERMISSION.review), async (c) => ok(c, await reviewHome(context(c), parse(HomeReasonBody, await jsonBody(c)))));
  app.post(`${base}/undeliver`, may(REMITTANCE_ACTION_PERMISSION.backToProcessing), async (c) => ok(c, await undeliverHome(context(c), parse(HomeReasonBody, await jsonBody(c)))));
  app.post(`${base}/deliver`, may(REMITTANCE_ACTION_PERMISSION.deliver), once, async (c) => ok(c, await deliverHome(context(c), parse(DeliverBody, await jsonBody(c)))));
  app.post(`${base}/delivery/receipturl`, may(REMITTANCE_ACTION_PERMISSION.deliver), async (c) => {
    const body = parse(ReceiptBody, await c.req.parseBody().catch(() => ({})));
    return ok(c, await uploadReceipt(context(c), body.remittanceId, body.file));
  });
  app.post(`${base}/deliveryinfo`, async (c) => ok(c, await deliveryInfo(db, parse(DeliveryInfoBody, await jsonBody(c)).remittanceId)));

  app.get('/api/crm2/courier/list', async (c) => ok(c, { elements: await listCouriers(db) }));

  return app;
}
