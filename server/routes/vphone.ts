import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ApiError, parse } from '../http';
import { requireBearer, requireEditor, requirePermission } from '../auth/middleware';
import { SmsDeleteData, SmsRequest, SmsUpdateData } from '@/api/contract/settings';
import { Permission } from '@/domain/permissions';
import { deleteSmsPrefix, smsConfiguration, smsProviders, updateSmsProvider } from '../services/sms-config';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * The SMS provider service (/vphone/v1/sms, outside /secured): a staff bearer token with
 * CRM_SETTINGS, and the service's fixed token in the body. Answers carry code 200.
 */
export function vphoneRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;

  /** The body's data once its token matches the configured one (compared in constant time). */
  async function smsData(c: Context<AppEnv>): Promise<Record<string, unknown>> {
    const request = parse(SmsRequest, await c.req.json().catch(() => ({})));
    if (!timingSafeEqual(digest(request.token), digest(deps.config.smsToken))) {
      throw new ApiError(401, 'invalid_token', 'Token del servicio SMS inválido.');
    }
    return request.data;
  }
  const sms = <T>(c: Context<AppEnv>, data: T) => c.json({ code: 200, data });

  app.use('/v1/sms/*', requireBearer(deps));

  app.post('/v1/sms/configuration', requirePermission(Permission.SETTINGS), async (c) => {
    await smsData(c);
    return sms(c, { configSms: await smsConfiguration(db) });
  });
  app.post('/v1/sms/providers', requirePermission(Permission.SETTINGS), async (c) => {
    await smsData(c);
    return sms(c, { providers: await smsProviders(db) });
  });
  app.post('/v1/sms/update', requireEditor(Permission.SETTINGS), async (c) => {
    const data = parse(SmsUpdateData, await smsData(c));
    return sms(c, await updateSmsProvider(db, c.get('principal'), data, deps.clock.now()));
  });
  app.post('/v1/sms/delete', requireEditor(Permission.SETTINGS), async (c) => {
    const data = parse(SmsDeleteData, await smsData(c));
    return sms(c, await deleteSmsPrefix(db, c.get('principal'), data.prefix, deps.clock.now()));
  });

  return app;
}
