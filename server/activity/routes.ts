import { Hono } from 'hono';
import type { AppDeps, AppEnv, Principal } from '../deps';
import { accessDenied, jsonBody, ok, parse } from '../http';
import { requireEditor, requirePermission } from '../auth/middleware';
import { ActionLogsSearchQuery, DocNotesQuery, NoteCreateBody, OrderNotesQuery, type NoteDocCode } from '@/api/contract/order-detail';
import { ActionLogCreateBody, ActionLogsQuery } from '@/api/contract/settings';
import type { DocCode } from '@/domain/diff';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { createNote, listNotes } from './notes';
import { createClientLog, listActionLogs, LOG_PERMISSION, searchDocActionLogs } from './action-logs';

/** Who may read (and, with the editor flag, write) the notes of each kind of document. */
const NOTE_PERMISSION: Record<NoteDocCode, string> = {
  ORDER: Permission.VIEW_ORDERS,
  CUSTOMER: Permission.VIEW_CUSTOMERS,
  UPG: Permission.VIEW_UPG,
};

function mayRead(principal: Principal, permission: string): void {
  if (!principal.permissions.has(permission)) throw accessDenied(Msg.missingPermission(permission));
}

/**
 * What was said and done about a document: its notes (read, and written by an editor) and its
 * action logs. Any signed-in staff member may ask; what they may read depends on the kind of
 * document (its view permission).
 */
export function activityRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const logPermission = (docCode: DocCode) => LOG_PERMISSION[docCode];

  app.get('/uaa/secured/doc-note/data', async (c) => {
    const query = parse(DocNotesQuery, c.req.query());
    mayRead(c.get('principal'), NOTE_PERMISSION[query.docCode]);
    return ok(c, await listNotes(db, query.docCode, query.docId, query));
  });
  app.post('/uaa/secured/doc-note/create', requireEditor(), async (c) => {
    const body = parse(NoteCreateBody, await jsonBody(c));
    const principal = c.get('principal');
    mayRead(principal, NOTE_PERMISSION[body.docCode]);
    return ok(c, await createNote(deps.db, principal, body, deps.clock.now()));
  });
  app.get('/orders/secured/notes/list', requirePermission(Permission.VIEW_ORDERS), async (c) => {
    const query = parse(OrderNotesQuery, c.req.query());
    return ok(c, await listNotes(db, 'ORDER', query.orderId, query));
  });

  app.get('/users/secured/action-logs/data', async (c) => {
    const query = parse(ActionLogsQuery, c.req.query());
    mayRead(c.get('principal'), logPermission(query.docCode));
    return ok(c, await listActionLogs(db, query));
  });
  // A log entry the console writes itself: an editor with CRM7_DO_ACTION who may read the document's logs; a replayed Idempotency-Key writes it once.
  app.post('/users/secured/action-logs/create', requireEditor(Permission.DO_ACTION), async (c) => {
    const body = parse(ActionLogCreateBody, await jsonBody(c));
    const principal = c.get('principal');
    mayRead(principal, logPermission(body.docCode));
    return ok(c, await createClientLog(deps.db, principal, body, deps.clock.now()));
  });
  app.get('/users/secured/action-logs/specific-data', async (c) => {
    const query = parse(ActionLogsSearchQuery, c.req.query());
    mayRead(c.get('principal'), logPermission(query.docCode));
    return ok(c, await searchDocActionLogs(db, query));
  });

  return app;
}
