import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse, jsonBody } from '../http';
import { requireBearer, requirePermission } from '../auth/middleware';
import { BlacklistQuery, CountriesQuery, CountryPrefixQuery, RecipientListQuery, SmsRequest } from '@/api/contract/settings';
import { Permission } from '@/domain/permissions';
import { listBlacklist, listRecipients } from './blacklists';
import { countryPrefixes, listCountries } from './countries';
import { smsConfiguration, smsProviders } from './sms-config';
import { checkSmsToken } from '../auth/sms-token';

/**
 * The settings screen's reads (CRM_SETTINGS, the screen's permission): the blacklists, the
 * countries and their prefixes, and the SMS provider service's configuration and providers
 * (/vphone/v1/sms, outside /secured: a staff bearer token, and the service's token in the body; its
 * answers carry code 200). Their changes are rows of the lists' charts (src/machines/settings/),
 * served by the action tables (server/lifecycles.ts) with the same permission.
 */
export function settingsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const settings = requirePermission(Permission.SETTINGS);

  app.get('/blacklist/secured/recipient/list', settings, async (c) => ok(c, await listRecipients(db, parse(RecipientListQuery, c.req.query()))));
  app.get('/blacklist/secured/all/blackList', settings, async (c) => ok(c, await listBlacklist(db, parse(BlacklistQuery, c.req.query()))));
  app.get('/users/secured/all/countries', settings, async (c) => ok(c, await listCountries(db, parse(CountriesQuery, c.req.query()))));
  app.get('/users/secured/prefix/country', settings, async (c) => ok(c, await countryPrefixes(db, parse(CountryPrefixQuery, c.req.query()).id)));

  /** A read of the SMS host once the body's token is the configured one or the session's. */
  const smsRead = async (c: Context<AppEnv>) => checkSmsToken(parse(SmsRequest, await jsonBody(c)).token, { config: deps.config, principal: c.get('principal') });
  const sms = <T>(c: Context<AppEnv>, data: T) => c.json({ code: 200, data });
  const bearer = requireBearer(deps);

  app.post('/vphone/v1/sms/configuration', bearer, settings, async (c) => {
    await smsRead(c);
    return sms(c, await smsConfiguration(db));
  });
  app.post('/vphone/v1/sms/providers', bearer, settings, async (c) => {
    await smsRead(c);
    return sms(c, { providers: await smsProviders(db) });
  });

  return app;
}
