import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { accessDenied, ok, parse } from '../http';
import { requirePermission } from '../auth/middleware';
import { ActionLogsQuery, CountriesQuery, CountryPrefixQuery } from '@/api/contract/settings';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { countryPrefixes, listActionLogs, listCountries, LOG_PERMISSION } from '../services/settings';

/** /users/secured: the settings' countries and prefixes, and the action logs of every kind of document. */
export function usersSettingsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;

  app.get('/secured/all/countries', requirePermission(Permission.SETTINGS), async (c) => ok(c, await listCountries(db, parse(CountriesQuery, c.req.query()))));

  app.get('/secured/prefix/country', requirePermission(Permission.SETTINGS), async (c) =>
    ok(c, await countryPrefixes(db, parse(CountryPrefixQuery, c.req.query()).id)),
  );

  // Any signed-in user may ask; what they may read depends on the kind of document.
  app.get('/secured/action-logs/data', async (c) => {
    const query = parse(ActionLogsQuery, c.req.query());
    const permission = LOG_PERMISSION[query.docCode];
    if (!c.get('principal').permissions.has(permission)) throw accessDenied(Msg.missingPermission(permission));
    return ok(c, await listActionLogs(db, query));
  });

  return app;
}
