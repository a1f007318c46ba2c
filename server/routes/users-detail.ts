import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { accessDenied, ok, parse } from '../http';
import { requireAnyPermission } from '../auth/middleware';
import { AccountIdQuery, ActionLogsSearchQuery } from '@/api/contract/order-detail';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { LOG_PERMISSION } from '../services/settings';
import { accountData, searchDocActionLogs } from '../services/order-detail';

/** /users/secured: a document's action logs filtered by description, and an account's other data. */
export function usersDetailRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;

  app.get('/secured/action-logs/specific-data', async (c) => {
    const query = parse(ActionLogsSearchQuery, c.req.query());
    const permission = LOG_PERMISSION[query.docCode];
    if (!c.get('principal').permissions.has(permission)) throw accessDenied(Msg.missingPermission(permission));
    return ok(c, await searchDocActionLogs(db, query));
  });

  app.get('/secured/other/data', requireAnyPermission(Permission.VIEW_ORDERS, Permission.VIEW_CUSTOMERS), async (c) =>
    ok(c, await accountData(db, parse(AccountIdQuery, c.req.query()).accountId)),
  );

  return app;
}
