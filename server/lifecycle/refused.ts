import * as v from 'valibot';
import type { ApiError } from '../http';
import type { AppDeps, Principal } from '../deps';
import { signedAs } from '../deps';
import type { Insertable } from 'kysely';
import { iso } from '../clock';
import type { Database } from '../db/schema';
import type { Db } from '../db/database';
import type { RefusalKind } from '@/api/contract/refusals';
import { ApprovalRequested } from '@/api/contract/approval-requested';
import { waitingText } from '@/domain/approval-window';

/**
 * The refused attempts of action rows (issue 40 §2). Where a refusal happened: the mover knows
 * the chart, the entity, its state and the event when it refuses; the row's route (mount.ts) records
 * the refusal once the request's transaction is over (rolled back: a refusal changes nothing else).
 * The mover marks the error it throws with this; the route reads the mark (a refusal without one
 * happened before the entity was read). The rows are queued and written in batches once the answers
 * are out (`recordRefusal`); a failed write is logged and never changes the person's answer.
 */
export interface RefusedAt {
  chart: string;
  docCode: string;
  docId: string | null;
  entityId: string | null;
  state: string | null;
  event: string | null;
}

const marks = new WeakMap<ApiError, RefusedAt>();

/** The error, marked with where it refused (a mark set closer to the refusal is kept). */
export function refusedAt<E extends ApiError>(err: E, at: RefusedAt): E {
  if (!marks.has(err)) marks.set(err, at);
  return err;
}

export const markOf = (err: ApiError): RefusedAt | undefined => marks.get(err);

export interface RefusalRecord {
  at: RefusedAt;
  kind: RefusalKind;
  /** The text the person saw (made inside the write's guard when it has to be worded). */
  reason: string | (() => string);
}

type RefusalRow = Insertable<Database['refusals']>;

/** The refusals a database is waiting to write: written together once the answers are out. */
interface Pending {
  rows: { row: RefusalRow; requestId: string | null }[];
  scheduled: boolean;
  writing: Promise<void>;
}
const pending = new WeakMap<Db, Pending>();
/** At most this many rows in one INSERT (13 columns each: far below SQLite's and PostgreSQL's parameter limits). */
const BATCH = 500;

/**
 * Records a refusal without holding the refused answer (issue 40 §2: ≤ 5 % of its time): the row is
 * queued and written, with the others of the same turn, in one INSERT as soon as the answers are
 * out (`setImmediate`). A reader of refusals (`flushRefusals`) and the instance's shutdown write the
 * queue first. A failed write is logged and never changes anyone's answer.
 */
export function recordRefusal(deps: AppDeps, principal: Principal, requestId: string | null, refusal: RefusalRecord): void {
  const { at, kind } = refusal;
  let reason: string;
  try {
    reason = typeof refusal.reason === 'string' ? refusal.reason : refusal.reason();
  } catch (err) {
    deps.logger.error({ err, requestId, chart: at.chart, kind }, 'rechazo no registrado');
    return;
  }
  const queue = pending.get(deps.db) ?? { rows: [], scheduled: false, writing: Promise.resolve() };
  pending.set(deps.db, queue);
  queue.rows.push({
    requestId,
    row: {
      chart: at.chart,
      doc_code: at.docCode,
      doc_id: at.docId,
      entity_id: at.entityId,
      state: at.state,
      event: at.event,
      kind,
      reason,
      actor_id: principal.accountId,
      actor_email: signedAs(principal),
      at: iso(deps.clock.now()),
      request_id: requestId,
    },
  });
  if (queue.rows.length >= BATCH) void flushRefusals(deps.db, deps.logger);
  else if (!queue.scheduled) {
    queue.scheduled = true;
    setImmediate(() => void flushRefusals(deps.db, deps.logger));
  }
}

/** Writes the refusals waiting for this database (in order, after any write under way); resolves once they are stored. */
export function flushRefusals(db: Db, logger?: Pick<AppDeps['logger'], 'error'>): Promise<void> {
  const queue = pending.get(db);
  if (!queue) return Promise.resolve();
  queue.scheduled = false;
  const batch = queue.rows.splice(0);
  if (batch.length === 0) return queue.writing;
  queue.writing = queue.writing.then(async () => {
    for (let i = 0; i < batch.length; i += BATCH) {
      const part = batch.slice(i, i + BATCH);
      try {
        await db.kysely.insertInto('refusals').values(part.map((p) => p.row)).execute();
      } catch (err) {
        logger?.error({ err, requestIds: part.map((p) => p.requestId), count: part.length }, 'rechazo no registrado');
      }
    }
  });
  return queue.writing;
}

/** The text the action's dialog shows when a request waits for a second person (src/ui/chart-actions.tsx says the same). */
export const waitingReason = (body: Record<string, unknown>): string => waitingText(v.parse(ApprovalRequested, body).approval);
