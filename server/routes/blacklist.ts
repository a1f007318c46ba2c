import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { requireEditor, requirePermission } from '../auth/middleware';
import { BlacklistChange, BlacklistQuery, RecipientChange, RecipientListQuery } from '@/api/contract/settings';
import { Permission } from '@/domain/permissions';
import { addToList, blacklistValues, listBlacklist, listRecipients, recipientValues, removeFromList } from '../services/blacklists';

/**
 * /blacklist/secured (the bearer check is the app's): reading needs CRM_SETTINGS (the screen's
 * permission); adding and removing need the editor flag and CRM7_DO_ACTION.
 */
export function blacklistRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const body = (c: { req: { json(): Promise<unknown> } }) => c.req.json().catch(() => null);
  const edit = requireEditor(Permission.DO_ACTION);

  app.get('/secured/recipient/list', requirePermission(Permission.SETTINGS), async (c) =>
    ok(c, await listRecipients(db, parse(RecipientListQuery, c.req.query()))),
  );
  app.post('/secured/recipient/add', edit, async (c) => {
    const values = recipientValues(parse(RecipientChange, await body(c)));
    return ok(c, { changed: await addToList(db, 'blacklist_recipients', c.get('principal'), values, deps.clock.now()) });
  });
  app.post('/secured/recipient/remove', edit, async (c) => {
    const values = recipientValues(parse(RecipientChange, await body(c)));
    return ok(c, { changed: await removeFromList(db, 'blacklist_recipients', c.get('principal'), values, deps.clock.now()) });
  });

  app.get('/secured/all/blackList', requirePermission(Permission.SETTINGS), async (c) =>
    ok(c, await listBlacklist(db, parse(BlacklistQuery, c.req.query()))),
  );
  app.post('/secured/add', edit, async (c) => {
    const change = parse(BlacklistChange, await body(c));
    return ok(c, { changed: await addToList(db, 'blacklist_entries', c.get('principal'), blacklistValues(change), deps.clock.now(), change.accountId) });
  });
  app.post('/secured/remove', edit, async (c) => {
    const values = blacklistValues(parse(BlacklistChange, await body(c)));
    return ok(c, { changed: await removeFromList(db, 'blacklist_entries', c.get('principal'), values, deps.clock.now()) });
  });

  return app;
}
