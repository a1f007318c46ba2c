import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { malformed } from '../refusals';
import { requirePermission } from '../auth/middleware';
import type { Binding } from '../lifecycle/binding';
import { graphOf, listTransitions, transitionsCsv } from './transitions';
import { listRefusals } from './refusals';
import { historyRoutes } from './history-routes';
import { flushRefusals } from '../lifecycle/refused';
import { RefusalPaths, RefusalsQuery } from '@/api/contract/refusals';
import { GraphQuery, TransitionFilters, TransitionPaths, TransitionsQuery } from '@/api/contract/transitions';
import { AuditMsg } from '@/domain/transitions';
import { CSV_TYPE } from '@/domain/csv';
import { Permission } from '@/domain/permissions';
import { actionLabels } from '@/machines/lifecycle/labels';

/** Auditoría de Transiciones (issue 14 §7): for CRM_QA_AUDIT only. */
export function auditRoutes(deps: AppDeps, lifecycles: readonly Binding[]) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const audit = requirePermission(Permission.AUDIT);
  const charts = new Map(lifecycles.map((b) => [b.lifecycle.name, b]));
  // Events by their rows' Spanish labels, as Supervisión names them: the page gets words, not charts.
  const labelOf = actionLabels(lifecycles.map((b) => b.lifecycle));
  const knownChart = (chart: string | undefined) => {
    if (chart !== undefined && !charts.has(chart)) throw malformed(AuditMsg.chart);
  };

  app.get(TransitionPaths.charts, audit, (c) => ok(c, { elements: [...charts.keys()].sort() }));

  app.get(TransitionPaths.list, audit, async (c) => {
    const q = parse(TransitionsQuery, c.req.query());
    knownChart(q.chart);
    return ok(c, await listTransitions(db, { ...q, page: Number(q.page), size: Number(q.size) }, deps.clock.now(), labelOf));
  });

  app.get(TransitionPaths.export, audit, async (c) => {
    const q = parse(TransitionFilters, c.req.query());
    knownChart(q.chart);
    const csv = await transitionsCsv(db, q, deps.clock.now());
    c.header('Content-Type', CSV_TYPE);
    c.header('Content-Disposition', 'attachment; filename="transiciones.csv"');
    c.header('Cache-Control', 'no-store');
    return c.body(csv);
  });

  // The refused attempts (issue 40 §2), filtered and paged as the transitions are.
  app.get(RefusalPaths.list, audit, async (c) => {
    const q = parse(RefusalsQuery, c.req.query());
    knownChart(q.chart);
    // What this instance still has queued is read too (read-your-writes; another instance's queue is at most a turn away).
    await flushRefusals(deps.db, deps.logger);
    return ok(c, await listRefusals(db, { ...q, page: Number(q.page), size: Number(q.size) }, deps.clock.now()));
  });

  app.get(TransitionPaths.graph, audit, async (c) => {
    const q = parse(GraphQuery, c.req.query());
    const binding = charts.get(q.chart);
    if (!binding) throw malformed(AuditMsg.chart);
    return ok(c, await graphOf(db, binding, q, deps.clock.now(), labelOf));
  });

  // An entity's history, its export and the conformance (issue 40 §3, §5, §6): ./history.ts.
  app.route('/', historyRoutes(deps, lifecycles));

  return app;
}
