import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv, Principal } from '../deps';
import { accessDenied, ApiError, jsonBody, ok, parse } from '../http';
import { requireBearer, requireEditor, requirePermission } from '../auth/middleware';
import {
  BlacklistChange,
  BlacklistQuery,
  CountriesQuery,
  CountryPrefixQuery,
  RecipientChange,
  RecipientListQuery,
  SmsDeleteData,
  SmsRequest,
  SmsUpdateData,
} from '@/api/contract/settings';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { addToList, blacklistValues, listBlacklist, listRecipients, recipientValues, removeFromList } from './blacklists';
import { countryPrefixes, listCountries } from './countries';
import { deleteSmsPrefix, smsConfiguration, smsProviders, updateSmsProvider } from './sms-config';
import { acceptsKey, sessionServiceKeys } from '../auth/service-keys';


/**
 * The blacklists (/blacklist/secured; the bearer check is the app's): reading needs CRM_SETTINGS (the screen's
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

/**
 * The settings screen's services: the blacklists, the countries and their prefixes, and the SMS
 * provider service (/vphone/v1/sms, outside /secured: a staff bearer token with CRM_SETTINGS, and
 * the service's fixed token in the body; its answers carry code 200).
 */
export function settingsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const edit = requireEditor(Permission.DO_ACTION);

  app.get('/blacklist/secured/recipient/list', requirePermission(Permission.SETTINGS), async (c) =>
    ok(c, await listRecipients(db, parse(RecipientListQuery, c.req.query()))),
  );
  app.post('/blacklist/secured/recipient/add', edit, async (c) => {
    const values = recipientValues(parse(RecipientChange, await jsonBody(c)));
    return ok(c, { changed: await addToList(deps.db, 'blacklist_recipients', c.get('principal'), values, deps.clock.now()) });
  });
  app.post('/blacklist/secured/recipient/remove', edit, async (c) => {
    const values = recipientValues(parse(RecipientChange, await jsonBody(c)));
    return ok(c, { changed: await removeFromList(deps.db, 'blacklist_recipients', c.get('principal'), values, deps.clock.now()) });
  });

  app.get('/blacklist/secured/all/blackList', requirePermission(Permission.SETTINGS), async (c) =>
    ok(c, await listBlacklist(db, parse(BlacklistQuery, c.req.query()))),
  );
  app.post('/blacklist/secured/add', async (c) => {
    const change = parse(BlacklistChange, await jsonBody(c));
    const values = blacklistValues(change);
    mayChangeGeneral(c.get('principal'), values, true);
    return ok(c, { changed: await addToList(deps.db, 'blacklist_entries', c.get('principal'), values, deps.clock.now(), change.accountId) });
  });
  app.post('/blacklist/secured/remove', async (c) => {
    const values = blacklistValues(parse(BlacklistChange, await jsonBody(c)));
    mayChangeGeneral(c.get('principal'), values, false);
    return ok(c, { changed: await removeFromList(deps.db, 'blacklist_entries', c.get('principal'), values, deps.clock.now()) });
  });

  app.get('/users/secured/all/countries', requirePermission(Permission.SETTINGS), async (c) => ok(c, await listCountries(db, parse(CountriesQuery, c.req.query()))));

  app.get('/users/secured/prefix/country', requirePermission(Permission.SETTINGS), async (c) =>
    ok(c, await countryPrefixes(db, parse(CountryPrefixQuery, c.req.query()).id)),
  );

  /** The body's data once its token is the configured one or the session's (compared in constant time). */
  async function smsData(c: Context<AppEnv>): Promise<Record<string, unknown>> {
    const request = parse(SmsRequest, await jsonBody(c));
    if (!acceptsKey(request.token, deps.config.smsToken, sessionServiceKeys(deps.config, c.get('principal').familyId).smsToken)) {
      throw new ApiError(401, 'invalid_token', 'Token del servicio SMS inválido.');
    }
    return request.data;
  }
  const sms = <T>(c: Context<AppEnv>, data: T) => c.json({ code: 200, data });

  app.use('/vphone/v1/sms/*', requireBearer(deps));

  app.post('/vphone/v1/sms/configuration', requirePermission(Permission.SETTINGS), async (c) => {
    await smsData(c);
    return sms(c, { configSms: await smsConfiguration(db) });
  });
  app.post('/vphone/v1/sms/providers', requirePermission(Permission.SETTINGS), async (c) => {
    await smsData(c);
    return sms(c, { providers: await smsProviders(db) });
  });
  app.post('/vphone/v1/sms/update', requireEditor(Permission.SETTINGS), async (c) => {
    const data = parse(SmsUpdateData, await smsData(c));
    return sms(c, await updateSmsProvider(deps.db, c.get('principal'), data, deps.clock.now()));
  });
  app.post('/vphone/v1/sms/delete', requireEditor(Permission.SETTINGS), async (c) => {
    const data = parse(SmsDeleteData, await smsData(c));
    return sms(c, await deleteSmsPrefix(deps.db, c.get('principal'), data.prefix, deps.clock.now()));
  });

  return app;
}
