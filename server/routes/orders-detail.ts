import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { requireAnyPermission, requirePermission } from '../auth/middleware';
import { AccountIdQuery, OfferIdQuery, OrderIdQuery, OrderNotesQuery } from '@/api/contract/order-detail';
import { Permission } from '@/domain/permissions';
import {
  listAppliedRules,
  listNotes,
  listOfferItems,
  listOffers,
  listPaymentElements,
  listPendingRefunds,
  listRelatedAccounts,
  totalClosedUsd,
} from '../services/order-detail';

/** /orders/secured: what the order detail's tabs read (offers, items, payments, notes, the customer's total). */
export function ordersDetailRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const view = requirePermission(Permission.VIEW_ORDERS);
  const orderId = (query: Record<string, string>) => parse(OrderIdQuery, query).orderId;

  app.get('/secured/fo/list', view, async (c) => ok(c, { elements: await listOffers(db, orderId(c.req.query())) }));
  app.get('/secured/items/list', view, async (c) => ok(c, { elements: await listOfferItems(db, parse(OfferIdQuery, c.req.query()).foId) }));
  app.get('/secured/rules/list', view, async (c) => ok(c, { elements: await listAppliedRules(db, orderId(c.req.query())) }));
  app.get('/secured/paymentOrder', view, async (c) => ok(c, { elements: await listPaymentElements(db, orderId(c.req.query())) }));
  app.get('/secured/getAccountsRelatedToOrderByPaymentMethod', view, async (c) =>
    ok(c, { elements: await listRelatedAccounts(db, orderId(c.req.query())) }),
  );
  app.get('/secured/pendingrefund', view, async (c) => ok(c, { elements: await listPendingRefunds(db, orderId(c.req.query())) }));
  app.get('/secured/notes/list', view, async (c) => {
    const query = parse(OrderNotesQuery, c.req.query());
    return ok(c, await listNotes(db, 'ORDER', query.orderId, query));
  });
  app.get('/secured/orders/totalClosed', requireAnyPermission(Permission.VIEW_ORDERS, Permission.VIEW_CUSTOMERS), async (c) =>
    ok(c, { totalUsd: await totalClosedUsd(db, parse(AccountIdQuery, c.req.query()).accountId) }),
  );

  return app;
}
