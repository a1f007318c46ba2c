import { Hono } from 'hono';
import { every } from 'hono/combine';
import type { AppDeps, AppEnv } from '../deps';
import { jsonBody, ok, parse, storedFile } from '../http';
import { requireAnyPermission, requireApiKey, requireBearer, requirePermission } from '../auth/middleware';
import { searchItems } from '../order/order-lists';
import { listItemTransitions } from './item-store';
import { listProvinces } from './provinces';
import { readFile, readRemittance } from './remittance';
import { deliveryInfo, listCouriers } from './home-remittance';
import { pickedCashInfo, pickupData } from './pickup-reads';
import { giftCardsOf, prepaidCardData } from './prepaid-gift';
import { listClaims, listSimilarItems, listTraces } from './topup-reads';
import { ItemTransitionsQuery, ProvincesQuery } from '@/api/contract/items';
import { ItemsQuery } from '@/api/contract/order-lists';
import { DeliveryInfoBody, RemittanceFileQuery, RemittanceQuery } from '@/api/contract/remittance';
import { PickedCashQuery, PickupDataQuery } from '@/api/contract/pickup';
import { GiftCardsQuery, PrepaidCardQuery } from '@/api/contract/prepaid-gift';
import { SimilarItemsQuery, TopupClaimsQuery, TopupTracesQuery } from '@/api/contract/topup';
import { Permission } from '@/domain/permissions';

/**
 * What staff read about order items (spec details §7 "Order detail"): the items search, each
 * product's data, the delivery service's view, top-up traces and claims, the transitions QA
 * audits and the province catalogue. The items' actions are their action tables' routes
 * (server/lifecycle/mount.ts).
 */
export function itemRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const view = requirePermission(Permission.VIEW_ORDERS);
  // The delivery service's CRM paths take the provider's api key and, here, the staff member's token too.
  const deliveryService = every(requireBearer(deps), requireApiKey(deps), view);

  app.get('/rorders/secured/items/allHistory', requirePermission(Permission.VIEW_ITEMS), async (c) =>
    ok(c, await searchItems(db, parse(ItemsQuery, c.req.query()), deps.clock.now())),
  );
  app.get('/orders/secured/items/transitions', view, async (c) => {
    const q = parse(ItemTransitionsQuery, c.req.query());
    return ok(c, { elements: await listItemTransitions(db, { orderId: q.orderId, itemId: q.foiid }) });
  });
  app.get('/catalog/secured/provinces', requireAnyPermission(Permission.VIEW_ORDERS, Permission.VIEW_CUSTOMERS), async (c) => {
    parse(ProvincesQuery, c.req.query());
    return ok(c, { elements: await listProvinces(db) });
  });

  // Remittances (bank and home) and their images: staff only, never cached by a shared cache.
  app.get('/orders/secured/remesa/data', view, async (c) => {
    const q = parse(RemittanceQuery, c.req.query());
    return ok(c, await readRemittance(db, q.orderId, q.foiid));
  });
  app.get('/orders/secured/remesa/file', view, async (c) => {
    return storedFile(c, await readFile(db, parse(RemittanceFileQuery, c.req.query()).id));
  });
  app.post('/remittances/api/crm2/homeremittance/secured/deliveryinfo', deliveryService, async (c) =>
    ok(c, await deliveryInfo(db, parse(DeliveryInfoBody, await jsonBody(c)).remittanceId)),
  );
  app.get('/remittances/api/crm2/courier/list', deliveryService, async (c) => ok(c, { elements: await listCouriers(db) }));

  // Pickup cash: the pickup and what the delivery service says of it (a staff path, bearer only).
  app.get('/orders/secured/pickup/data', view, async (c) => {
    const q = parse(PickupDataQuery, c.req.query());
    return ok(c, await pickupData(db, q.orderId, q.foiid));
  });
  app.get('/remittances/secured/pickup/pickedcashinfo', view, async (c) => ok(c, await pickedCashInfo(db, parse(PickedCashQuery, c.req.query()).pickupId)));

  // Prepaid and gift cards.
  app.get('/orders/secured/prepaidCard/data', view, async (c) => ok(c, await prepaidCardData(db, parse(PrepaidCardQuery, c.req.query()).foiid)));
  app.get('/orders/secured/foid/giftcards', view, async (c) => ok(c, { elements: await giftCardsOf(db, parse(GiftCardsQuery, c.req.query()).foId) }));

  // Top-ups: delivery attempts, claims, other items to the same destination.
  app.get('/orders/secured/fo/topup/traces', view, async (c) => {
    const q = parse(TopupTracesQuery, c.req.query());
    return ok(c, await listTraces(db, q.foiid, q));
  });
  app.get('/orders/secured/fo/topup/claims', view, async (c) => ok(c, { elements: await listClaims(db, parse(TopupClaimsQuery, c.req.query()).foiid) }));
  app.get('/orders/secured/items/similar', view, async (c) => ok(c, await listSimilarItems(db, parse(SimilarItemsQuery, c.req.query()))));

  return app;
}
