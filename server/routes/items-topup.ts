import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { requirePermission } from '../auth/middleware';
import { idempotent } from '../services/idempotency';
import { requireItemPermission, type ItemActionContext } from '../services/item-transitions';
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
  const context = (c: Context<AppEnv>): ItemActionContext => ({ db, principal: c.get('principal'), now: deps.clock.now() });
  const body = async (c: Context<AppEnv>) => c.req.json().catch(() => null);
  /** The 403s come before the 400s: a reader learns nothing about the input. */
  const editor = (c: Context<AppEnv>, ...permissions: string[]) => requireItemPermission(c.get('principal'), ...permissions);

  app.get('/secured/fo/topup/traces', view, async (c) => {
    const q = parse(TopupTracesQuery, c.req.query());
    return ok(c, await listTraces(db, q.foiid, q));
  });
  app.get('/secured/fo/topup/claims', view, async (c) => ok(c, { elements: await listClaims(db, parse(TopupClaimsQuery, c.req.query()).foiid) }));
  app.get('/secured/items/similar', view, async (c) => ok(c, await listSimilarItems(db, parse(SimilarItemsQuery, c.req.query()))));

  app.post('/secured/fo/topup/edit', once, async (c) => {
    editor(c);
    const data = await editDestination(context(c), parse(TopupEditBody, await body(c)));
    // The spec's success code for this call.
    return c.json({ code: TopupMsg.editCode, data });
  });
  app.post('/secured/fo/topup/changeStatus', once, async (c) => {
    editor(c);
    const q = parse(ChangeStatusQuery, c.req.query());
    return ok(c, await changeStatus(context(c), q.foiid, q.status));
  });
  app.post('/secured/fulfillment/resetTries', once, async (c) => {
    editor(c);
    const q = parse(ResetTriesQuery, c.req.query());
    return ok(c, await resetTries(context(c), q.fulfillmentOrderId, q.fulfillNow));
  });
  app.post('/secured/fulfillment/resetTries/masivo', once, async (c) => {
    editor(c, Permission.MASSIVE_RETRY);
    return ok(c, await massResetTries(context(c), parse(MassResetQuery, c.req.query())));
  });
  app.post('/secured/fo/topup/reclaim', once, async (c) => {
    editor(c);
    return ok(c, await reclaim(context(c), parse(ReclaimBody, await body(c))));
  });
  // Only top-ups are delivered through an operator: any other item is the spec's refusal (409).
  app.post('/secured/processItem/call', once, async (c) => {
    editor(c);
    const q = parse(ProcessItemQuery, c.req.query());
    return ok(c, await processTopup(context(c), q.orderId, q.foiId));
  });
  return app;
}
