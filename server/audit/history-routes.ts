import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { malformed } from '../refusals';
import { requirePermission } from '../auth/middleware';
import { flushRefusals } from '../lifecycle/refused';
import type { Binding } from '../lifecycle/binding';
import { ConformanceQuery, HistoryExportQuery, HistoryPaths, HistoryQuery } from '@/api/contract/history';
import { CSV_TYPE } from '@/domain/csv';
import { Permission } from '@/domain/permissions';
import { AuditMsg } from '@/domain/transitions';
import { historyCsv, historyOf, replayDeps } from './history';
import { conformance } from './conformance';

/** The replay's paths (mounted by ./routes.ts): CRM_QA_AUDIT reads, no one writes. */
export function historyRoutes(deps: AppDeps, lifecycles: readonly Binding[]) {
  const app = new Hono<AppEnv>();
  const audit = requirePermission(Permission.AUDIT);
  const d = replayDeps(deps, lifecycles);
  // The refusals waiting to be written are written first: a history shows every refusal answered so far.
  const refusalsWritten = () => flushRefusals(deps.db, deps.logger);
  const bindingOf = (chart: string) => {
    const binding = d.charts.get(chart);
    if (!binding) throw malformed(AuditMsg.chart);
    return binding;
  };

  app.get(HistoryPaths.history, audit, async (c) => {
    const q = parse(HistoryQuery, c.req.query());
    await refusalsWritten();
    return ok(c, await historyOf(d, bindingOf(q.chart), q.entityId));
  });

  app.get(HistoryPaths.export, audit, async (c) => {
    const q = parse(HistoryExportQuery, c.req.query());
    await refusalsWritten();
    const history = await historyOf(d, bindingOf(q.chart), q.entityId);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="historia-${q.chart}-${q.entityId.replace(/[^A-Za-z0-9._-]/g, '_')}.${q.format}"`);
    if (q.format === 'json') {
      c.header('Content-Type', 'application/json;charset=utf-8');
      return c.body(JSON.stringify(history));
    }
    c.header('Content-Type', CSV_TYPE);
    return c.body(historyCsv(history));
  });

  app.get(HistoryPaths.conformance, audit, async (c) => {
    const q = parse(ConformanceQuery, c.req.query());
    if (q.chart !== undefined) bindingOf(q.chart);
    await refusalsWritten();
    return ok(c, await conformance(d, { chart: q.chart }));
  });

  return app;
}
