import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { itemActions } from './item-actions';
import { jsonBody, ok, parse } from '../http';
import { requirePermission } from '../auth/middleware';
import { idempotent } from '../services/idempotency';
import { approvePrepaidCard, giftCardsOf, prepaidCardData, updatePrepaidCard } from '../services/prepaid-gift';
import { GiftCardsQuery, PrepaidApproveQuery, PrepaidCardQuery, PrepaidUpdateBody } from '@/api/contract/prepaid-gift';
import { PREPAID_ACTION_PERMISSION } from '@/domain/pickup-prepaid';
import { Permission } from '@/domain/permissions';

/**
 * /orders/secured: prepaid card items (prepaidCard/approve, data, update) and gift cards
 * (foid/giftcards). The permission is checked before the input (403 before 400); each move goes
 * through the prepaid card chart.
 */
export function prepaidGiftRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const view = requirePermission(Permission.VIEW_ORDERS);
  const { allowed } = itemActions(deps);

  app.post('/secured/prepaidCard/approve', idempotent(deps), async (c) => {
    const ctx = allowed(c, PREPAID_ACTION_PERMISSION.approve);
    return ok(c, await approvePrepaidCard(ctx, parse(PrepaidApproveQuery, c.req.query()).foid));
  });
  app.get('/secured/prepaidCard/data', view, async (c) => ok(c, await prepaidCardData(db, parse(PrepaidCardQuery, c.req.query()).foiid)));
  app.post('/secured/prepaidCard/update', async (c) => {
    const ctx = allowed(c, PREPAID_ACTION_PERMISSION.editDestination);
    const { foiid } = parse(PrepaidCardQuery, c.req.query());
    return ok(c, await updatePrepaidCard(ctx, foiid, parse(PrepaidUpdateBody, await jsonBody(c))));
  });
  app.get('/secured/foid/giftcards', view, async (c) => ok(c, { elements: await giftCardsOf(db, parse(GiftCardsQuery, c.req.query()).foId) }));
  return app;
}
