import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { itemActions } from './item-actions';
import { jsonBody, ok, parse } from '../http';
import { requirePermission } from '../auth/middleware';
import { idempotent } from '../services/idempotency';
import { changeStatus, editDestination, massResetTries, processTopup, reclaim, resetTries } from '../services/topup';
import { listClaims, listSimilarItems, listTraces } from '../services/topup-reads';
import {
  ChangeStatusQuery,
  MassResetQuery,
  ProcessItemQuery,
  ReclaimBody,
  ResetTriesQuery,
  SimilarItemsQuery,
  TopupClaimsQuery,
  TopupEditBody,
  TopupTracesQuery,
} from '@/api/contract/topup';
import { Permission } from '@/domain/permissions';
import { TopupMsg } from '@/domain/topup';

/**
 * /orders/secured: top-up items (spec details §7 "Order detail"). Reads: traces, claims and
 * similar items (CRM2_VIEW_ORDERS). Actions: the editor flag first (403), then the input (400
 * with the Spanish text), then the topupItem chart through moveItem (409, nothing changed); the
 * change, its transition, the action log and the audit row in one transaction. Actions replay
 * their first answer for a repeated Idempotency-Key.
 */
export function topupRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const view = requirePermission(Permission.VIEW_ORDERS);
  const once = idempotent(deps);
  /** The 403s come before the 400s: a reader learns nothing about the input. */
  const { allowed } = itemActions(deps);

  app.get('/secured/fo/topup/traces', view, async (c) => {
    const q = parse(TopupTracesQuery, c.req.query());
    return ok(c, await listTraces(db, q.foiid, q));
  });
  app.get('/secured/fo/topup/claims', view, async (c) => ok(c, { elements: await listClaims(db, parse(TopupClaimsQuery, c.req.query()).foiid) }));
  app.get('/secured/items/similar', view, async (c) => ok(c, await listSimilarItems(db, parse(SimilarItemsQuery, c.req.query()))));

  app.post('/secured/fo/topup/edit', once, async (c) => {
    const ctx = allowed(c);
    const data = await editDestination(ctx, parse(TopupEditBody, await jsonBody(c)));
    // The spec's success code for this call.
    return c.json({ code: TopupMsg.editCode, data });
  });
  app.post('/secured/fo/topup/changeStatus', once, async (c) => {
    const ctx = allowed(c);
    const q = parse(ChangeStatusQuery, c.req.query());
    return ok(c, await changeStatus(ctx, q.foiid, q.status));
  });
  app.post('/secured/fulfillment/resetTries', once, async (c) => {
    const ctx = allowed(c);
    const q = parse(ResetTriesQuery, c.req.query());
    return ok(c, await resetTries(ctx, q.fulfillmentOrderId, q.fulfillNow));
  });
  app.post('/secured/fulfillment/resetTries/masivo', once, async (c) => {
    const ctx = allowed(c, Permission.MASSIVE_RETRY);
    return ok(c, await massResetTries(ctx, parse(MassResetQuery, c.req.query())));
  });
  app.post('/secured/fo/topup/reclaim', once, async (c) => {
    const ctx = allowed(c);
    return ok(c, await reclaim(ctx, parse(ReclaimBody, await jsonBody(c))));
  });
  // Only top-ups are delivered through an operator: any other item is the spec's refusal (409).
  app.post('/secured/processItem/call', once, async (c) => {
    const ctx = allowed(c);
    const q = parse(ProcessItemQuery, c.req.query());
    return ok(c, await processTopup(ctx, q.orderId, q.foiId));
  });
  return app;
}
