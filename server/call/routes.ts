import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { requirePermission } from '../auth/middleware';
import { CallsQuery } from '@/api/contract/calls';
import { Permission } from '@/domain/permissions';
import { CUSTOMER_VIEWS } from '@/domain/customer-views';
import { CallQuery, SimilarCallsQuery } from '@/api/contract/call-detail';
import { callContact, searchCalls, similarCalls } from './calls';
import { callReturnBinding } from './call-return';
import { readContext, snapshotOfRecord } from '../lifecycle/snapshot';

/** What staff read about calls: the calls search, and a call's contact and similar calls (the call detail). */
export function callRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // The calls list: the calls screen's, and the customer page's LLamadas tab (its view table).
  // Each call with its return chart's snapshot, computed by the binding's store from the row read (issue 25 §1).
  app.get('/users/secured/call/list', requirePermission(...CUSTOMER_VIEWS.calls), async (c) => {
    const ctx = readContext(deps, c);
    return ok(c, await searchCalls(deps.db.kysely, parse(CallsQuery, c.req.query()), deps.clock.now(), async (call) => [await snapshotOfRecord(ctx, callReturnBinding, call)]));
  });
  app.get('/users/secured/call/contact', requirePermission(Permission.VIEW_CALLS), async (c) => ok(c, await callContact(deps.db.kysely, parse(CallQuery, c.req.query()).callId)));
  app.get('/users/secured/call/similar', requirePermission(Permission.VIEW_CALLS), async (c) => ok(c, await similarCalls(deps.db.kysely, parse(SimilarCallsQuery, c.req.query()))));
  return app;
}
