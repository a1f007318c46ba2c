import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppDeps, AppEnv } from '../deps';
import { notFound, ok, parse } from '../http';
import { malformed } from '../refusals';
import { requirePermission } from '../auth/middleware';
import { flushRefusals } from '../lifecycle/refused';
import type { Database } from '../db/schema';
import { iso } from '../clock';
import type { ActionContext, Binding } from '../lifecycle/binding';
import { stateName } from '../lifecycle/move';
import { chartWith, currentRow, endVerdict, fromCurrentRow, isCreation, parsed, replay, replayContext, stepOf, stepVerdict, STEP_COLUMNS, type CurrentRow, type StoredStep } from './replay';
import type { StoredEntity } from './entities';
import type { Conformance, Divergence, History, Moment, MomentAction } from '@/api/contract/history';
import { CONFORMANCE_LIST_MAX, ConformanceQuery, HistoryExportQuery, HistoryPaths, HistoryQuery } from '@/api/contract/history';
import type { RefusalKind } from '@/api/contract/refusals';
import { csvFile, CSV_TYPE } from '@/domain/csv';
import { Permission } from '@/domain/permissions';
import { replayMask, ReplayMsg } from '@/domain/replay';
import { formatDateTime, DATE_TIME_SECONDS_FORMAT } from '@/domain/time';
import { AuditMsg, HISTORY_CSV_HEADERS, HISTORY_KIND_LABELS } from '@/domain/transitions';
import { chartName } from '@/domain/chart-names';
import { chartGraph } from '@/machines/lifecycle/graph';
import { actionLabels, type ActionLabel } from '@/machines/lifecycle/labels';
import { offered, probesOf, refusalOf } from '@/machines/lifecycle/table';

/**
 * QA's reads of the replay (issue 40 §3, §5, §6): an entity's history (its first moment, its moves
 * and its refused attempts in time order, each replayed, with its facts, what changed and the
 * actions the chart allowed then), the same as a file, and every stored history checked against
 * today's charts, streamed.
 */

/** What the reads need: the database, the charts by name, their events' Spanish labels, a context to read rows' facts in. */
export interface ReplayDeps {
  db: Kysely<Database>;
  charts: ReadonlyMap<string, Binding>;
  labelOf: ActionLabel;
  ctx: ActionContext;
  tenant: string;
}

type Facts = Record<string, unknown>;

/** Each fact whose value differs, before and after (a first moment: every fact, from nothing). */
function changes(before: Facts | null, after: Facts | null): Moment['changed'] {
  if (after === null) return [];
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])];
  return keys.filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after[k])).map((field) => ({ field, before: before?.[field] ?? null, after: after[field] ?? null }));
}

/**
 * The actions of the chart's table in a state with those facts: each event once (its first row, as
 * `actionLabels` names it), allowed or refused with the chart's Spanish reason. None when the facts
 * are not known or do not restore the chart in that state (a divergent step): they would be
 * another state's.
 */
function actionsThen(binding: Binding, facts: Facts | null, state: string): MomentAction[] {
  if (facts === null) return [];
  const snapshot = chartWith(binding.lifecycle.machine, facts);
  if (stateName(snapshot) !== state) return [];
  const seen = new Set<string>();
  return binding.lifecycle.rows.flatMap((row) => {
    if (seen.has(row.event)) return [];
    seen.add(row.event);
    const allowed = offered(row, snapshot);
    return [{ event: row.event, label: row.label, allowed, reason: allowed ? null : refusalOf(row, snapshot, probesOf(row)[0]!) }];
  });
}

/** A chart's picture for a history: its states and arrows with their labels, nothing counted. */
function pictureOf(binding: Binding, labelOf: ActionLabel): History['graph'] {
  const chart = binding.lifecycle.name;
  const graph = chartGraph(binding.lifecycle.machine);
  return { chart, states: graph.states.map((s) => ({ ...s, seen: 0 })), transitions: graph.transitions.map((t) => ({ ...t, label: labelOf(chart, t.event), count: 0 })), unknown: [] };
}

const entityOf = (d: ReplayDeps, entityId: string, doc: { docCode: string | null; docId: string | null }): StoredEntity => ({ entityId, ...doc, tenant: d.tenant });

/** An entity's steps as the replay takes them: its stored creation first, or a first moment taken from its row now. */
function withFirstMoment(rows: readonly StoredStep[], row: CurrentRow | null, doc: { docCode: string; docId: string }, at: string): { steps: StoredStep[]; taken: boolean } {
  if (rows[0] && isCreation(rows[0])) return { steps: [...rows], taken: false };
  const first = fromCurrentRow(rows, row, doc, at);
  return { steps: first ? [first, ...rows] : [...rows], taken: first !== null };
}

/** An entity's history (GET history): 404 when it has neither a stored step nor a row. */
export async function historyOf(d: ReplayDeps, binding: Binding, entityId: string): Promise<History> {
  const chart = binding.lifecycle.name;
  const [rows, refusals] = await Promise.all([
    d.db.selectFrom('transitions').select(STEP_COLUMNS).where('chart', '=', chart).where('entity_id', '=', entityId).orderBy('id').execute(),
    d.db.selectFrom('refusals').selectAll().where('chart', '=', chart).where('entity_id', '=', entityId).orderBy('id').execute(),
  ]);
  const stored = rows.map(stepOf);
  const lastStored = stored.at(-1);
  const doc = lastStored ? { docCode: lastStored.docCode, docId: lastStored.docId } : { docCode: refusals[0]?.doc_code ?? binding.store.docCode, docId: refusals[0]?.doc_id ?? null };
  const { row } = await currentRow(d.db, binding, entityOf(d, entityId, doc), d.ctx);
  if (stored.length === 0 && row === null) throw notFound(ReplayMsg.notFound(chartName(chart), entityId));

  const firstAt = [stored[0]?.at, refusals[0]?.at].filter((at): at is string => at !== undefined).sort()[0] ?? iso(d.ctx.now);
  const { steps, taken } = withFirstMoment(stored, row, { docCode: doc.docCode, docId: doc.docId ?? '' }, firstAt);
  const replayed = replay(binding, steps, row?.state ?? null, d.labelOf);

  // The facts after each step: a first moment's own, a move's the next move's before it, the last one's the row's now.
  const factsAfter = steps.map((step, i) => (i === 0 ? parsed(step.factsBefore) : i + 1 < steps.length ? parsed(steps[i + 1]!.factsBefore) : (row?.facts ?? null)));

  const moments: Moment[] = [];
  let divergentAt: number | null = null;
  let facts: Facts | null = null;
  let r = 0;
  const refusalMoment = (x: (typeof refusals)[number]): Moment => {
    const state = x.state ?? '';
    return {
      kind: 'refusal',
      id: x.id,
      at: x.at,
      actorEmail: x.actor_email,
      requestId: x.request_id,
      from: state,
      event: x.event ?? '',
      eventLabel: x.event ? d.labelOf(chart, x.event) : '',
      to: state,
      eventData: null,
      facts,
      changed: [],
      reason: x.reason,
      refusalKind: x.kind as RefusalKind,
      replayable: false,
      divergence: null,
      actions: actionsThen(binding, facts, state),
    };
  };
  steps.forEach((step, i) => {
    // The refusals before this step (a first moment comes first whatever the refusals' times).
    while (i > 0 && r < refusals.length && refusals[r]!.at < step.at) moments.push(refusalMoment(refusals[r++]!));
    const after = factsAfter[i]!;
    const kind = i > 0 ? 'move' : taken ? 'current-row' : 'created';
    if (replayed.divergentAt === i) divergentAt = moments.length;
    moments.push({
      kind,
      id: step.id,
      at: step.at,
      actorEmail: step.actorEmail,
      requestId: step.requestId,
      from: step.from,
      event: step.event,
      eventLabel: i === 0 ? HISTORY_KIND_LABELS[kind] : d.labelOf(chart, step.event),
      to: step.to,
      eventData: parsed(step.eventData),
      facts: after,
      changed: kind === 'current-row' ? [] : changes(facts, after),
      reason: null,
      refusalKind: null,
      replayable: kind === 'move' ? step.eventData !== null && step.factsBefore !== null : kind === 'created' && step.factsBefore !== null,
      divergence: replayed.verdicts[i] ?? null,
      actions: actionsThen(binding, after, step.to),
    });
    facts = after;
  });
  while (r < refusals.length) moments.push(refusalMoment(refusals[r++]!));

  return replayMask({
    chart,
    chartLabel: chartName(chart),
    entityId,
    docCode: doc.docCode,
    docId: doc.docId,
    currentState: row?.state ?? null,
    moments,
    divergentAt,
    graph: pictureOf(binding, d.labelOf),
  });
}

/** A value of a fact as the CSV's 'cambios' writes it. */
const shown = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** The history as a CSV file (the console's dialect, `csvFile`): one line per moment, dates in America/Toronto. */
export function historyCsv(history: History): string {
  return csvFile([
    [...HISTORY_CSV_HEADERS],
    ...history.moments.map((m) => [
      m.id ?? '',
      HISTORY_KIND_LABELS[m.kind],
      formatDateTime(m.at, DATE_TIME_SECONDS_FORMAT),
      m.actorEmail ?? '',
      m.from,
      m.eventLabel,
      m.to,
      m.reason ?? '',
      m.divergence ?? '',
      m.changed.map((c) => `${c.field}: ${shown(c.before)} → ${shown(c.after)}`).join('; '),
    ]),
  ]);
}

/** How many transitions the conformance reads at a time (keyset pages: constant memory whatever the table holds). */
export const CONFORMANCE_PAGE = 5_000;
/** How many ended entities wait for their rows, and how many rows are read at once. */
const ROW_BATCH = 256;
const ROW_READS = 8;

/** `work` over the items, at most `width` at a time; the answers in the items' order. */
async function inTurns<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}

/**
 * Every stored history replayed through today's chart (GET conformance, `npm run audit:conformance`):
 * chart by chart, the transitions in (entity, id) order, read by keyset pages of CONFORMANCE_PAGE
 * rows, each entity replayed step by step as its rows arrive (only the step before is kept), its
 * row now read once its steps end (in batches of ROW_BATCH entities, ROW_READS at once). Counts per chart; the first CONFORMANCE_LIST_MAX divergent
 * entities with their first divergent step numbered as GET history numbers it (the entity's
 * refusals before that step counted in). `onDivergent` hears every divergent entity (the script's report).
 */
export async function conformance(d: ReplayDeps, options: { chart?: string | undefined; page?: number; onDivergent?: (divergence: Divergence) => void } = {}): Promise<Conformance> {
  const page = options.page ?? CONFORMANCE_PAGE;
  const names = [...d.charts.keys()].filter((name) => options.chart === undefined || name === options.chart).sort();
  const result: Conformance = { histories: 0, transitions: 0, divergent: 0, charts: [], divergences: [] };
  for (const chart of names) {
    const binding = d.charts.get(chart)!;
    const counts = { chart, chartLabel: chartName(chart), histories: 0, transitions: 0, divergent: 0 };
    // The entity being replayed: its last step, how many steps so far (its first moment included), its first divergent step.
    type Replaying = { id: string; last: StoredStep; steps: number; divergent: { verdict: string; step: StoredStep; index: number } | null };
    let entity = null as Replaying | null;

    // Entities whose steps ended wait for their rows in a batch, read a few at a time (PostgreSQL: one round trip each, side by side).
    let ended: Replaying[] = [];
    const settle = async () => {
      const batch = ended;
      ended = [];
      const rows = await inTurns(batch, ROW_READS, async (e) => (await currentRow(d.db, binding, entityOf(d, e.id, { docCode: e.last.docCode, docId: e.last.docId }), d.ctx)).row);
      for (const [i, e] of batch.entries()) await judge(e, rows[i]!);
    };
    const finish = async () => {
      if (!entity) return;
      ended.push(entity);
      if (ended.length >= ROW_BATCH) await settle();
    };
    const judge = async (e: Replaying, row: CurrentRow | null) => {
      const end = e.divergent === null ? endVerdict(e.last, row?.state ?? null) : null;
      const divergent = e.divergent ?? (end === null ? null : { verdict: end, step: e.last, index: e.steps - 1 });
      counts.histories++;
      if (divergent === null) return;
      counts.divergent++;
      // Numbered as GET history numbers its moments: the refusals before the step come before it (none before the first moment).
      const refusedBefore =
        divergent.index === 0
          ? 0
          : Number(
              (
                await d.db
                  .selectFrom('refusals')
                  .select((eb) => eb.fn.countAll().as('n'))
                  .where('chart', '=', chart)
                  .where('entity_id', '=', e.id)
                  .where('at', '<', divergent.step.at)
                  .executeTakeFirstOrThrow()
              ).n,
            );
      const divergence: Divergence = { chart, entityId: e.id, docCode: e.last.docCode, docId: e.last.docId, step: divergent.index + refusedBefore, transitionId: divergent.step.id, reason: divergent.verdict };
      if (result.divergences.length < CONFORMANCE_LIST_MAX) result.divergences.push(divergence);
      options.onDivergent?.(divergence);
    };

    let after: { entity: string; id: number } | null = null;
    for (;;) {
      let q = d.db.selectFrom('transitions').select(['entity_id', ...STEP_COLUMNS]).where('chart', '=', chart);
      if (after) {
        const { entity: e, id } = after;
        q = q.where((eb) => eb(eb.refTuple('entity_id', 'id'), '>', eb.tuple(e, id)));
      }
      const rows = await q.orderBy('entity_id').orderBy('id').limit(page).execute();
      for (const r of rows) {
        const step = stepOf(r);
        counts.transitions++;
        if (entity?.id !== r.entity_id) {
          await finish();
          // No stored creation: the first moment is taken from the row, in the state the first move starts from (the replay takes it as given).
          const first = isCreation(step) ? step : { ...step, id: null, to: step.from };
          const verdict = stepVerdict(binding, first, undefined, d.labelOf);
          entity = { id: r.entity_id, last: first, steps: 1, divergent: verdict === null ? null : { verdict, step: first, index: 0 } };
          if (first === step) continue;
        }
        if (entity.divergent === null) {
          const verdict = stepVerdict(binding, step, entity.last, d.labelOf);
          if (verdict !== null) entity.divergent = { verdict, step, index: entity.steps };
        }
        entity.last = step;
        entity.steps++;
      }
      if (rows.length < page) break;
      const last = rows.at(-1)!;
      after = { entity: last.entity_id, id: last.id };
    }
    await finish();
    await settle();
    result.histories += counts.histories;
    result.transitions += counts.transitions;
    result.divergent += counts.divergent;
    result.charts.push(counts);
  }
  return result;
}

/** The reads' dependencies for a server (its database, clock, configuration) over the charts it serves. */
export function replayDeps(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>, lifecycles: readonly Binding[]): ReplayDeps {
  const db = deps.db.kysely;
  return {
    db,
    charts: new Map(lifecycles.map((b) => [b.lifecycle.name, b])),
    labelOf: actionLabels(lifecycles.map((b) => b.lifecycle)),
    // Read per request: the clock moves (a store's facts may depend on the time).
    get ctx() {
      return replayContext(db, deps.config, deps.clock.now());
    },
    tenant: deps.config.tenant,
  };
}

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
