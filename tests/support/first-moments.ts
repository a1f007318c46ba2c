import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

/**
 * An entity's stored history as QA replays it (issue 40 §4): its transitions on a chart, oldest
 * first, as [from, event, to] with the request that wrote each. A created entity's starts with its
 * first moment, ['', 'created', <its state>], written by the request that created it.
 */
export async function historyOf(db: Kysely<Database>, chart: string, entityId: string | number) {
  const rows = await db.selectFrom('transitions').select(['from_state', 'event', 'to_state', 'request_id', 'facts_before']).where('chart', '=', chart).where('entity_id', '=', String(entityId)).orderBy('id').execute();
  return rows.map((r) => ({ step: [r.from_state, r.event, r.to_state], requestId: r.request_id, facts: JSON.parse(r.facts_before ?? 'null') as Record<string, unknown> | null }));
}

/** The first moments of an entity on each chart named: each its created step, with the request that made it. */
export async function firstMomentsOf(db: Kysely<Database>, charts: readonly string[], entityId: string | number) {
  return Promise.all(charts.map(async (chart) => [chart, ...((await historyOf(db, chart, entityId))[0]?.step ?? [])]));
}
