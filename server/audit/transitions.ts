import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { Binding } from '../lifecycle/binding';
import { normalizeWindow, windowBounds } from '@/domain/date-window';
import { formatDateTime, DATE_TIME_SECONDS_FORMAT } from '@/domain/time';
import { csvFile } from '@/domain/csv';
import { TRANSITION_CSV_HEADERS, TRANSITIONS_EXPORT_MAX } from '@/domain/transitions';
import type { ChartGraph, Transition, TransitionFilters } from '@/api/contract/transitions';
import { chartGraph } from '@/machines/lifecycle/graph';
import type { ActionLabel } from '@/machines/lifecycle/labels';

/**
 * QA's reads of the transitions every move stores (server/lifecycle/move.ts): filtered pages,
 * the CSV of a filter, and a chart's picture from its definition with what the period took.
 */

type Filters = Omit<TransitionFilters, 'startDate' | 'endDate'> & { startDate?: string | undefined; endDate?: string | undefined };
type Q = SelectQueryBuilder<Database, 'transitions', object>;

/**
 * The filters as conditions; the days are whole days in America/Toronto, both included. The
 * refusals (issue 40 §2) have the same columns of chart, entity, event, actor and time: filtered alike.
 */
export function filtered(db: Kysely<Database>, f: Filters, now: number, table: 'transitions' | 'refusals' = 'transitions'): Q {
  let q = db.selectFrom(table as 'transitions') as Q;
  if (f.chart) q = q.where('chart', '=', f.chart);
  if (f.entityId) q = q.where('entity_id', '=', f.entityId);
  if (f.event) q = q.where('event', '=', f.event);
  // An e-mail, or a user name (staff without an e-mail are recorded by it).
  if (f.actor) q = q.where((eb) => eb.or([eb('actor_email', '=', f.actor!), eb('actor_email', 'like', `${f.actor!.replace(/[%_\\]/g, '')}@%`)]));
  if (f.startDate || f.endDate) {
    const window = normalizeWindow({ startDate: f.startDate ?? '1970-01-01', endDate: f.endDate ?? null }, 'default', now);
    const { from, until } = windowBounds(window);
    if (from) q = q.where('at', '>=', from);
    q = q.where('at', '<', until);
  }
  return q;
}

const view = (r: Database['transitions'] & { id: number }, labelOf: ActionLabel): Transition => ({
  id: r.id,
  chart: r.chart,
  docCode: r.doc_code,
  docId: r.doc_id,
  entityId: r.entity_id,
  from: r.from_state,
  event: r.event,
  to: r.to_state,
  actorId: r.actor_id,
  actorEmail: r.actor_email,
  at: r.at,
  requestId: r.request_id,
  eventLabel: labelOf(r.chart, r.event),
  replayable: r.event_data !== null,
});

export async function listTransitions(db: Kysely<Database>, f: Filters & { page: number; size: number }, now: number, labelOf: ActionLabel) {
  const q = filtered(db, f, now);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(f.size).offset(f.page * f.size).execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { elements: rows.map((r) => view(r as never, labelOf)), totalElements: Number(total.n), countElements: rows.length };
}

/** The filter's transitions as a CSV file (the console's dialect, `csvFile`; newest first, at most TRANSITIONS_EXPORT_MAX), dates in America/Toronto. */
export async function transitionsCsv(db: Kysely<Database>, f: Filters, now: number): Promise<string> {
  const rows = await filtered(db, f, now).selectAll().orderBy('id', 'desc').limit(TRANSITIONS_EXPORT_MAX).execute();
  return csvFile([
    [...TRANSITION_CSV_HEADERS],
    ...rows.map((r) => [r.id, r.chart, `${r.doc_code} ${r.doc_id}`, r.entity_id, r.from_state, r.event, r.to_state, r.actor_email, formatDateTime(r.at, DATE_TIME_SECONDS_FORMAT), r.request_id ?? '']),
  ]);
}

/** A chart's picture with the transitions the filter found counted (those never taken count 0). */
export async function graphOf(db: Kysely<Database>, binding: Binding, f: Filters, now: number, labelOf: ActionLabel): Promise<ChartGraph> {
  const graph = chartGraph(binding.lifecycle.machine);
  const taken = await filtered(db, { ...f, chart: binding.lifecycle.name }, now)
    .select(['from_state', 'event', 'to_state', sql<number>`count(*)`.as('n')])
    .groupBy(['from_state', 'event', 'to_state'])
    .execute();
  const counts = new Map(taken.map((t) => [`${t.from_state}\u0000${t.event}\u0000${t.to_state}`, Number(t.n)]));
  const transitions = graph.transitions.map((t) => {
    const key = `${t.from}\u0000${t.event}\u0000${t.to}`;
    const count = counts.get(key) ?? 0;
    counts.delete(key);
    return { ...t, label: labelOf(binding.lifecycle.name, t.event), count };
  });
  const unknown = [...counts.entries()].map(([key, count]) => {
    const [from, event, to] = key.split('\u0000') as [string, string, string];
    return { from, event, label: labelOf(binding.lifecycle.name, event), to, count };
  });
  const seen = (state: string) => taken.filter((t) => t.to_state === state).reduce((sum, t) => sum + Number(t.n), 0);
  return { chart: binding.lifecycle.name, states: graph.states.map((s) => ({ ...s, seen: seen(s.name) })), transitions, unknown };
}
