import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { filtered } from './transitions';
import type { Refusal, RefusalKind } from '@/api/contract/refusals';
import type { TransitionFilters } from '@/api/contract/transitions';

/**
 * QA's read of the refused attempts of action rows (issue 40 §2; written by the row's route,
 * server/lifecycle/refused.ts), filtered as the transitions are (./transitions.ts `filtered`).
 */

type Filters = Omit<TransitionFilters, 'startDate' | 'endDate'> & { startDate?: string | undefined; endDate?: string | undefined };

const view = (r: Database['refusals'] & { id: number }): Refusal => ({
  id: r.id,
  chart: r.chart,
  docCode: r.doc_code,
  docId: r.doc_id,
  entityId: r.entity_id,
  state: r.state,
  event: r.event,
  kind: r.kind as RefusalKind,
  reason: r.reason,
  actorId: r.actor_id,
  actorEmail: r.actor_email,
  at: r.at,
  requestId: r.request_id,
});

/** A page of the refusals the filters find, newest first, with the total. */
export async function listRefusals(db: Kysely<Database>, f: Filters & { page: number; size: number }, now: number) {
  const q = filtered(db, f, now, 'refusals');
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(f.size).offset(f.page * f.size).execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { elements: rows.map((r) => view(r as never)), totalElements: Number(total.n), countElements: rows.length };
}
