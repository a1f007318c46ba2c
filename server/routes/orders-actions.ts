import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { jsonBody, ok, parse } from '../http';
import { idempotent } from '../services/idempotency';
import {
  approveRisk,
  cancelOrder,
  closeOrders,
  compensate,
  notifyClosed,
  notifyPayment,
  refundPayment,
  resyncOrders,
  revertCredit,
  type ActionContext,
} from '../services/order-actions';
import {
  CompensationBody,
  OrderIdBody,
  OrderIdsBody,
  RefundBody,
  RevertCreditBody,
  SendClosedQuery,
  SendPaymentQuery,
} from '@/api/contract/order-actions';

/**
 * The order's actions (spec details §7 "Order detail"). Each checks the editor flag and its
 * permission, validates its body with the contract, asks the order's chart whether it is legal
 * now and writes the change, the action log and the audit row in one transaction. Approve,
 * cancel and refund replay their first answer for a repeated Idempotency-Key.
 */
export function ordersActionsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const context = (c: Context<AppEnv>): ActionContext => ({ db: deps.db.kysely, principal: c.get('principal'), now: deps.clock.now() });
  const once = idempotent(deps);

  app.post('/secured/risk/approve', once, async (c) => ok(c, await approveRisk(context(c), parse(OrderIdBody, await jsonBody(c)).orderId)));
  app.post('/secured/checkout/cancel/payment', once, async (c) => ok(c, await cancelOrder(context(c), parse(OrderIdBody, await jsonBody(c)).orderId)));
  app.post('/secured/refund/payment', once, async (c) => ok(c, await refundPayment(context(c), parse(RefundBody, await jsonBody(c)))));
  app.post('/secured/revert/creditpayment', once, async (c) => {
    const request = parse(RevertCreditBody, await jsonBody(c));
    return ok(c, await revertCredit(context(c), request.orderId, request.foId));
  });
  app.post('/secured/compensation', once, async (c) => {
    const request = parse(CompensationBody, await jsonBody(c));
    return ok(c, await compensate(context(c), request.orderId, request.full ?? false, request.amount));
  });
  app.post('/secured/close/order', async (c) => ok(c, { elements: await closeOrders(context(c), parse(OrderIdsBody, await jsonBody(c)).ids) }));
  app.post('/secured/cll1/update/status', async (c) => ok(c, { elements: await resyncOrders(context(c), parse(OrderIdsBody, await jsonBody(c)).ids) }));
  app.post('/secured/event/send/closed', async (c) => {
    const query = parse(SendClosedQuery, c.req.query());
    await notifyClosed(context(c), query.orderId, query.emailForced || undefined);
    return ok(c, { done: true });
  });
  app.post('/secured/event/send/payment', async (c) => {
    const query = parse(SendPaymentQuery, c.req.query());
    await notifyPayment(context(c), query.orderId, query.appliedId, query.refund === 'true', query.emailForced || undefined);
    return ok(c, { done: true });
  });
  return app;
}
