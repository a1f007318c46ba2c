import type { EventObject } from 'xstate';
import { nextChart } from '@/machines/lifecycle/restore';
import { sql, type Kysely } from 'kysely';
import type { AppDeps } from '../deps';
import { notFound } from '../http';
import type { Database } from '../db/schema';
import { iso } from '../clock';
import type { ActionContext, Binding } from '../lifecycle/binding';
import { chartWith, stateName } from '../lifecycle/move';
import { currentRow, fromCurrentRow, isCreation, parsed, replay, replayContext, stepOf, STEP_COLUMNS, type CurrentRow, type StoredStep } from './replay';
import type { StoredEntity } from './entities';
import type { History, Moment, MomentAction } from '@/api/contract/history';
import type { RefusalKind } from '@/api/contract/refusals';
import { csvFile } from '@/domain/csv';
import { replayMask, ReplayMsg } from '@/domain/replay';
import { formatDateTime, DATE_TIME_SECONDS_FORMAT } from '@/domain/time';
import { HISTORY_CSV_HEADERS, HISTORY_KIND_LABELS } from '@/domain/transitions';
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
  /**
   * Reads many rows at one moment: on SQLite in one read transaction on the connection (one snapshot,
   * and a statement in a transaction costs about a third of one on its own); on PostgreSQL through
   * the pool as they come (side by side, one round trip each).
   */
  together<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T>;
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

export const entityOf = (d: ReplayDeps, entityId: string, doc: { docCode: string | null; docId: string | null }): StoredEntity => ({ entityId, ...doc, tenant: d.tenant });

/** An entity's steps as the replay takes them: its stored creation first, or a first moment taken from its row now. */
function withFirstMoment(rows: readonly StoredStep[], row: CurrentRow | null, doc: { docCode: string; docId: string }, at: string): { steps: StoredStep[]; taken: boolean } {
  if (rows[0] && isCreation(rows[0])) return { steps: [...rows], taken: false };
  const first = fromCurrentRow(rows, row, doc, at);
  return { steps: first ? [first, ...rows] : [...rows], taken: first !== null };
}

/** The chart's facts after a move: its answer to the stored event from the stored facts before (null without them). */
function chartAfter(binding: Binding, step: StoredStep): Facts | null {
  const before = parsed(step.factsBefore);
  const event = parsed(step.eventData);
  if (!before || !event) return null;
  const next = nextChart(binding.lifecycle.machine, chartWith(binding.lifecycle.machine, before), event as unknown as EventObject);
  const { permissions: _granted, ...after } = next.context as Facts;
  return 'status' in before ? { ...after, status: step.to } : after;
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

  // The facts after each step: a first moment's own, a move's the next move's before it, the last one's the row's now
  // when the row is where the history ends; when it is not (changed outside the chart), the chart's own answer to the
  // last move, and the row now is a moment of its own after it, the divergence on it (not the move's doing).
  const last = steps.at(-1);
  const rowApart = replayed.end !== null;
  const factsAfter = steps.map((step, i) =>
    i === 0 ? parsed(step.factsBefore) : i + 1 < steps.length ? parsed(steps[i + 1]!.factsBefore) : rowApart ? chartAfter(binding, step) : (row?.facts ?? null),
  );

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
  if (rowApart && row) {
    // The row not where the history ends: a moment of its own, after every move and refusal, with the end's verdict.
    moments.push({
      kind: 'current-row',
      id: null,
      at: iso(d.ctx.now),
      actorEmail: null,
      requestId: null,
      from: last!.to,
      event: HISTORY_KIND_LABELS['current-row'],
      eventLabel: HISTORY_KIND_LABELS['current-row'],
      to: row.state,
      eventData: null,
      facts: row.facts,
      changed: changes(facts, row.facts),
      reason: null,
      refusalKind: null,
      replayable: false,
      divergence: replayed.end,
      actions: actionsThen(binding, row.facts, row.state),
    });
    if (replayed.divergentAt === steps.length) divergentAt = moments.length - 1;
  }

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
    together: (work) =>
      deps.db.dialect === 'sqlite'
        ? db.connection().execute(async (connection) => {
            await sql`begin deferred`.execute(connection);
            try {
              return await work(connection);
            } finally {
              await sql`commit`.execute(connection);
            }
          })
        : work(db),
  };
}
