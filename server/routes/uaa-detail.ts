import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { accessDenied, badRequest, ok, parse } from '../http';
import { requireAnyPermission, requireEditor } from '../auth/middleware';
import { AccountIdQuery, DocNotesQuery, NoteCreateBody, type NoteDocCode } from '@/api/contract/order-detail';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { accountSummary, createNote, listNotes } from '../services/order-detail';

/** Who may read (and, with the editor flag, write) the notes of each kind of document. */
const NOTE_PERMISSION: Record<NoteDocCode, string> = {
  ORDER: Permission.VIEW_ORDERS,
  CUSTOMER: Permission.VIEW_CUSTOMERS,
  UPG: Permission.VIEW_UPG,
};

/** /uaa/secured: notes on documents, and the account summary of the detail views' customer tab. */
export function uaaDetailRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const mayRead = (permissions: ReadonlySet<string>, docCode: NoteDocCode) => {
    const permission = NOTE_PERMISSION[docCode];
    if (!permissions.has(permission)) throw accessDenied(Msg.missingPermission(permission));
  };

  app.get('/secured/doc-note/data', async (c) => {
    const query = parse(DocNotesQuery, c.req.query());
    mayRead(c.get('principal').permissions, query.docCode);
    return ok(c, await listNotes(db, query.docCode, query.docId, query));
  });

  app.post('/secured/doc-note/create', requireEditor(), async (c) => {
    const body = parse(NoteCreateBody, await c.req.json().catch(() => {
      throw badRequest('Solicitud inválida: se esperaba un objeto JSON.');
    }));
    const principal = c.get('principal');
    mayRead(principal.permissions, body.docCode);
    return ok(c, await createNote(db, principal, body, deps.clock.now()));
  });

  // The customer tab of the order, charge-order and call views reads it as well as the customer page.
  app.get('/secured/other/data', requireAnyPermission(Permission.VIEW_ORDERS, Permission.VIEW_CUSTOMERS), async (c) =>
    ok(c, await accountSummary(db, parse(AccountIdQuery, c.req.query()).accountId)),
  );

  return app;
}
