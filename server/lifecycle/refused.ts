import * as v from 'valibot';
import type { ApiError } from '../http';
import type { AppDeps, Principal } from '../deps';
import { iso } from '../clock';
import type { RefusalKind } from '@/api/contract/refusals';
import { ApprovalRequested } from '@/api/contract/approval-requested';
import { waitingText } from '@/domain/approval-window';

/**
 * The refused attempts of action rows (issue 40 §2). Where a refusal happened: the mover knows
 * the chart, the entity, its state and the event when it refuses; the row's route (mount.ts) records the refusal once the
 * request's transaction is over, in a write of its own. The mover marks the error it throws with
 * this; the route reads the mark (a refusal without one happened before the entity was read).
 * Each is written in one short write of its own, after the request's transaction (rolled back: a
 * refusal changes nothing else); a failed write is logged and never changes the person's answer.
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

export async function recordRefusal(deps: AppDeps, principal: Principal, requestId: string | null, refusal: RefusalRecord): Promise<void> {
  const { at, kind } = refusal;
  try {
    const reason = typeof refusal.reason === 'string' ? refusal.reason : refusal.reason();
    await deps.db.kysely
      .insertInto('refusals')
      .values({
        chart: at.chart,
        doc_code: at.docCode,
        doc_id: at.docId,
        entity_id: at.entityId,
        state: at.state,
        event: at.event,
        kind,
        reason,
        actor_id: principal.accountId,
        actor_email: principal.email ?? principal.username,
        at: iso(deps.clock.now()),
        request_id: requestId,
      })
      .execute();
  } catch (err) {
    deps.logger.error({ err, requestId, chart: at.chart, kind }, 'rechazo no registrado');
  }
}

/** The text the action's dialog shows when a request waits for a second person (src/ui/chart-actions.tsx says the same). */
export const waitingReason = (body: Record<string, unknown>): string => waitingText(v.parse(ApprovalRequested, body).approval);
