import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { requirePermission } from '../auth/middleware';
import { ExchangeRateHistoryQuery, KycDecisionsQuery } from '@/api/contract/extras';
import { Permission } from '@/domain/permissions';
import { currentExchangeRates, exchangeRateHistory, kycDecisionsHistory } from './extras';

/** The Extras screen's reads: exchange rates (current and history) and the KYC decisions. */
export function extrasRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const canView = requirePermission(Permission.VIEW_CUSTOMERS);

  app.get('/users/secured/exchangerate', canView, async (c) => ok(c, await currentExchangeRates(db)));

  app.get('/users/secured/exchangerate-history', canView, async (c) =>
    ok(c, await exchangeRateHistory(db, parse(ExchangeRateHistoryQuery, c.req.query()))),
  );

  app.get('/users/secured/kyc/all-decisions-history', canView, async (c) =>
    ok(c, await kycDecisionsHistory(db, parse(KycDecisionsQuery, c.req.query()), deps.config.companyId)),
  );

  return app;
}
