import { Hono } from 'hono';
import type { AppDeps, AppEnv, Principal } from '../deps';
import { accessDenied, jsonBody, ok, parse } from '../http';
import { Msg } from '@/domain/messages';
import { requireEditor, requirePermission } from '../auth/middleware';
import { BlacklistChange, BlacklistQuery, RecipientChange, RecipientListQuery } from '@/api/contract/settings';
import { Permission } from '@/domain/permissions';
import { addToList, blacklistValues, listBlacklist, listRecipients, recipientValues, removeFromList } from '../services/blacklists';

/**
 * /blacklist/secured (the bearer check is the app's): reading needs CRM_SETTINGS (the screen's
 * permission); adding and removing need the editor flag and CRM7_DO_ACTION. A change that only
 * touches cards is also open to fraud analysts (CRM7_FRAUD_COMPLETE blacklists a card) and
 * unmarking a card to any editor (spec details §6).
 */
function mayChangeGeneral(principal: Principal, values: { type: string }[], adding: boolean): void {
  if (!principal.permissions.has(Permission.EDITOR)) throw accessDenied(Msg.notReader);
  if (principal.permissions.has(Permission.DO_ACTION)) return;
  const cardsOnly = values.length > 0 && values.every((v) => v.type === 'CARD');
  if (cardsOnly && (!adding || principal.permissions.has(Permission.FRAUD_COMPLETE))) return;
  throw accessDenied(Msg.missingPermission(adding && cardsOnly ? `${Permission.DO_ACTION} o ${Permission.FRAUD_COMPLETE}` : Permission.DO_ACTION));
}
export function blacklistRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const edit = requireEditor(Permission.DO_ACTION);

  app.get('/secured/recipient/list', requirePermission(Permission.SETTINGS), async (c) =>
    ok(c, await listRecipients(db, parse(RecipientListQuery, c.req.query()))),
  );
  app.post('/secured/recipient/add', edit, async (c) => {
    const values = recipientValues(parse(RecipientChange, await jsonBody(c)));
    return ok(c, { changed: await addToList(db, 'blacklist_recipients', c.get('principal'), values, deps.clock.now()) });
  });
  app.post('/secured/recipient/remove', edit, async (c) => {
    const values = recipientValues(parse(RecipientChange, await jsonBody(c)));
    return ok(c, { changed: await removeFromList(db, 'blacklist_recipients', c.get('principal'), values, deps.clock.now()) });
  });

  app.get('/secured/all/blackList', requirePermission(Permission.SETTINGS), async (c) =>
    ok(c, await listBlacklist(db, parse(BlacklistQuery, c.req.query()))),
  );
  app.post('/secured/add', async (c) => {
    const change = parse(BlacklistChange, await jsonBody(c));
    const values = blacklistValues(change);
    mayChangeGeneral(c.get('principal'), values, true);
    return ok(c, { changed: await addToList(db, 'blacklist_entries', c.get('principal'), values, deps.clock.now(), change.accountId) });
  });
  app.post('/secured/remove', async (c) => {
    const values = blacklistValues(parse(BlacklistChange, await jsonBody(c)));
    mayChangeGeneral(c.get('principal'), values, false);
    return ok(c, { changed: await removeFromList(db, 'blacklist_entries', c.get('principal'), values, deps.clock.now()) });
  });

  return app;
}
