import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { jsonBody, ok, parse } from '../http';
import { requireAnyPermission } from '../auth/middleware';
import { ZelleAssignBody, ZelleQuery, ZelleRegisterBody } from '@/api/contract/order-actions';
import { Permission } from '@/domain/permissions';
import { assignReferenceCode, listTransfers, registerTransfer } from '../services/zelle';

/** /upg/secured/zelle/{tenant}/{tenant}: the order's Zelle transfers (the bearer check is the app's). */
export function zelleRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  app.get('/secured/zelle/:tenant/:tenant2/transfers/byOriginId', requireAnyPermission(Permission.VIEW_ORDERS, Permission.VIEW_UPG), async (c) =>
    ok(c, await listTransfers(db, c.req.param('tenant'), parse(ZelleQuery, c.req.query()))),
  );
  app.post('/secured/zelle/:tenant/:tenant2/transfers', async (c) => {
    const body = parse(ZelleRegisterBody, await jsonBody(c));
    return ok(c, { elements: [await registerTransfer(db, c.get('principal'), c.req.param('tenant'), body, deps.clock.now())] });
  });
  app.post('/secured/zelle/:tenant/:tenant2/transfers/assign-reference-code', async (c) => {
    const body = parse(ZelleAssignBody, await jsonBody(c));
    return ok(c, { elements: await assignReferenceCode(db, c.get('principal'), c.req.param('tenant'), body.transferIds, body.referenceCode, deps.clock.now()) });
  });
  return app;
}
