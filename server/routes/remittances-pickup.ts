import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { itemActions } from './item-actions';
import { jsonBody, ok, parse } from '../http';
import { requireApiKey, requireBearer, requirePermission } from '../auth/middleware';
import { idempotent } from '../services/idempotency';
import { pickedCashInfo } from '../services/pickup-reads';
import { approvePickup, attachPickupReceipt, deliverPickup, reviewPickup } from '../services/pickup';
import { PickedCashQuery, PickupApproveBody, PickupDeliverBody, PickupReceiptBody, PickupReviewBody } from '@/api/contract/pickup';
import { PICKUP_ACTION_PERMISSION } from '@/domain/pickup-prepaid';
import { Permission } from '@/domain/permissions';

/**
 * /remittances: the remittance delivery service's pickup paths. The provider's contract uses the
 * fixed api key; the reference server also asks for the staff member's token, so every decision
 * is someone's (byAccountId, when sent, must be that account). The picked-cash info is a staff
 * path (/remittances/secured, bearer only).
 */
export function remittancesPickupRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { allowed } = itemActions(deps);
  const once = idempotent(deps);
  app.use('/api/crm2/pickup/*', requireApiKey(deps), requireBearer(deps));

  app.post('/api/crm2/pickup/approve', once, async (c) => {
    const ctx = allowed(c, PICKUP_ACTION_PERMISSION.approve);
    return ok(c, await approvePickup(ctx, parse(PickupApproveBody, await jsonBody(c))));
  });
  app.post('/api/crm2/pickup/review', async (c) => {
    const ctx = allowed(c, PICKUP_ACTION_PERMISSION.review);
    return ok(c, await reviewPickup(ctx, parse(PickupReviewBody, await jsonBody(c))));
  });
  app.post('/api/crm2/pickup/deliver', once, async (c) => {
    const ctx = allowed(c, PICKUP_ACTION_PERMISSION.deliver);
    return ok(c, await deliverPickup(ctx, parse(PickupDeliverBody, await jsonBody(c))));
  });
  app.post('/api/crm2/pickup/delivery/receipturl', async (c) => {
    const ctx = allowed(c, PICKUP_ACTION_PERMISSION.attachReceipt);
    return ok(c, await attachPickupReceipt(ctx, parse(PickupReceiptBody, await c.req.parseBody().catch(() => ({})))));
  });

  app.get('/secured/pickup/pickedcashinfo', requirePermission(Permission.VIEW_ORDERS), async (c) =>
    ok(c, await pickedCashInfo(deps.db.kysely, parse(PickedCashQuery, c.req.query()).pickupId)),
  );
  return app;
}
