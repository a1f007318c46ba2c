import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { itemActions } from './item-actions';
import { jsonBody, ok, parse } from '../http';
import { requirePermission } from '../auth/middleware';
import { idempotent } from '../services/idempotency';
import { pickupData } from '../services/pickup-reads';
import { cancelPickups, refreshPickups, updateShippingAddress } from '../services/pickup';
import { PickupDataQuery, PickupOrderBody, ShippingAddressBody } from '@/api/contract/pickup';
import { PICKUP_ACTION_PERMISSION } from '@/domain/pickup-prepaid';
import { Permission } from '@/domain/permissions';

/**
 * /orders/secured: pickup cash items: pickup data, shipping address, refresh fulfilment status,
 * pickupcash/cancel. The permission is checked before the body (403 before 400); each move goes
 * through the pickup chart.
 */
export function pickupRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { allowed } = itemActions(deps);

  app.get('/secured/pickup/data', requirePermission(Permission.VIEW_ORDERS), async (c) => {
    const q = parse(PickupDataQuery, c.req.query());
    return ok(c, await pickupData(deps.db.kysely, q.orderId, q.foiid));
  });
  app.post('/secured/pickup/update-shipping-address', async (c) => {
    const ctx = allowed(c, PICKUP_ACTION_PERMISSION.editDestination);
    return ok(c, await updateShippingAddress(ctx, parse(ShippingAddressBody, await jsonBody(c))));
  });
  app.post('/secured/pickup/refresh-fulfillment-status', async (c) => {
    const ctx = allowed(c, PICKUP_ACTION_PERMISSION.refresh);
    return ok(c, { elements: await refreshPickups(ctx, parse(PickupOrderBody, await jsonBody(c))) });
  });
  app.post('/secured/pickupcash/cancel', idempotent(deps), async (c) => {
    const ctx = allowed(c, PICKUP_ACTION_PERMISSION.cancel);
    return ok(c, { elements: await cancelPickups(ctx, parse(PickupOrderBody, await jsonBody(c))) });
  });
  return app;
}
