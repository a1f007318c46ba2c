import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { FraudConfigRequest, type FraudConfig } from '@/api/contract/fraud-config';

/** Where payments, top-ups and bank cards are held: read by the "Alertas de Fraude" modal. */
export function fraudConfigRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post('/secured/configuration', async (c) => {
    parse(FraudConfigRequest, await c.req.json().catch(() => ({})));
    const rows = await deps.db.kysely.selectFrom('fraud_stop_list').select(['list', 'value']).orderBy('value').execute();
    const config: FraudConfig = { COUNTRIES_TO_STOP: [], TOPUP_COUNTRIES_TO_STOP: [], BANKS_TO_STOP: [] };
    for (const row of rows) config[row.list].push(row.value);
    return ok(c, config);
  });
  return app;
}
