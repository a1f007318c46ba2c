import { Hono } from 'hono';
import type { AppDeps, AppEnv, Principal } from '../deps';
import { ok, parse } from '../http';
import { assertPermissions, requirePermission } from '../auth/middleware';
import { ActionLogsSearchQuery, DocNotesQuery, OrderNotesQuery } from '@/api/contract/order-detail';
import { ActionLogsQuery } from '@/api/contract/settings';
import { DOC_PERMISSION, NOTE_LOG_CODE } from '@/domain/doc-permissions';
import { Permission } from '@/domain/permissions';
import { listNotes } from './notes';
import { listActionLogs, searchDocActionLogs } from './action-logs';

/** 403 unless the staff member holds the document's view permission. */
const mayRead = (principal: Principal, permission: string) => assertPermissions(principal, [permission]);

/**
 * What was said and done about a document: its notes and its action logs. Any signed-in staff
 * member may ask; what they may read depends on the kind of document (its view permission). A note
 * and a log entry the console writes are rows of the docActivity chart (src/machines/activity/,
 * server/activity/doc-activity.ts), served by the action tables.
 */
export function activityRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;

  app.get('/uaa/secured/doc-note/data', async (c) => {
    const query = parse(DocNotesQuery, c.req.query());
    mayRead(c.get('principal'), DOC_PERMISSION[NOTE_LOG_CODE[query.docCode]]);
    return ok(c, await listNotes(db, query.docCode, query.docId, query));
  });
  app.get('/orders/secured/notes/list', requirePermission(Permission.VIEW_ORDERS), async (c) => {
    const query = parse(OrderNotesQuery, c.req.query());
    return ok(c, await listNotes(db, 'ORDER', query.orderId, query));
  });

  app.get('/users/secured/action-logs/data', async (c) => {
    const query = parse(ActionLogsQuery, c.req.query());
    mayRead(c.get('principal'), DOC_PERMISSION[query.docCode]);
    return ok(c, await listActionLogs(db, query));
  });
  app.get('/users/secured/action-logs/specific-data', async (c) => {
    const query = parse(ActionLogsSearchQuery, c.req.query());
    mayRead(c.get('principal'), DOC_PERMISSION[query.docCode]);
    return ok(c, await searchDocActionLogs(db, query));
  });

  return app;
}
