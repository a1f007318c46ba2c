import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { itemActions } from './item-actions';
import { jsonBody, ok, parse } from '../http';
import { requirePermission } from '../auth/middleware';
import { idempotent } from '../services/idempotency';
import { readFile, readRemittance } from '../services/remittance';
import { updateBankDestination, updateBankProvider, updateBankStatus } from '../services/remittance-bank';
import { refreshHome, updateHomeShipping } from '../services/remittance-home';
import { BankDestinationBody, BankProviderBody, BankStatusBody, HomeShippingBody, RefreshBody, RemittanceFileQuery, RemittanceQuery } from '@/api/contract/remittance';
import { Permission } from '@/domain/permissions';
import { REMITTANCE_ACTION_PERMISSION } from '@/domain/remittance';

/**
 * /orders/secured: bank and home remittance items (spec details §7 "Remittance data", updates).
 * Reads need CRM2_VIEW_ORDERS; every action the editor flag and CRM2_OPERATIONS_SPECIALIST (403
 * first), then its body (400 with the Spanish text), then the item's chart (409).
 */
export function remittanceRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const view = requirePermission(Permission.VIEW_ORDERS);
  const { context, may } = itemActions(deps);
  const form = async (c: Context<AppEnv>) => c.req.parseBody().catch(() => ({}));
  const once = idempotent(deps);

  app.get('/secured/remesa/data', view, async (c) => {
    const query = parse(RemittanceQuery, c.req.query());
    return ok(c, await readRemittance(db, query.orderId, query.foiid));
  });

  // Identity documents and receipts: staff only, never cached by a shared cache.
  app.get('/secured/remesa/file', view, async (c) => {
    const file = await readFile(db, parse(RemittanceFileQuery, c.req.query()).id);
    return c.body(new Uint8Array(file.bytes), 200, { 'content-type': file.contentType, 'cache-control': 'private, max-age=3600', 'content-disposition': 'inline' });
  });

  app.post('/secured/remesaToBank/update', may(REMITTANCE_ACTION_PERMISSION.modifyDestination), async (c) =>
    ok(c, await updateBankDestination(context(c), parse(BankDestinationBody, await form(c)))),
  );

  app.post('/secured/remesa-to-bank/update-status', may(REMITTANCE_ACTION_PERMISSION.approve), once, async (c) =>
    ok(c, { elements: await updateBankStatus(context(c), parse(BankStatusBody, await jsonBody(c))) }),
  );

  app.post('/secured/remesa-to-bank/update-provider', may(REMITTANCE_ACTION_PERMISSION.modifyProvider), async (c) => {
    const body = parse(BankProviderBody, await jsonBody(c));
    return ok(c, { elements: await updateBankProvider(context(c), body.newProvider, body.fulfillmentOrderItemIds) });
  });

  app.post('/secured/remesa-to-steet/update-shipping-address', may(REMITTANCE_ACTION_PERMISSION.modifyDestination), async (c) =>
    ok(c, await updateHomeShipping(context(c), parse(HomeShippingBody, await jsonBody(c)))),
  );

  app.post('/secured/remesa-to-steet/refresh-fulfillment-status', may(REMITTANCE_ACTION_PERMISSION.refresh), async (c) =>
    ok(c, await refreshHome(context(c), parse(RefreshBody, await jsonBody(c)).foiid)),
  );

  return app;
}
