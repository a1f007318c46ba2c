import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { ChartSnapshots } from './chart-snapshot';
import { ApprovalWindow } from './approval-requested';
import { APPROVAL_STATUSES, ApprovalMsg } from '@/domain/approvals';

/**
 * Four-eyes approval requests (issue 14 §6): not in the provider's contract, the reference
 * server's own paths under /orders/secured. An action above the threshold answers 202 with its
 * request instead of its data; the request is approved or rejected by a second person.
 */

export const Approval = v.object({
  id: v.number(),
  status: v.picklist(APPROVAL_STATUSES),
  /** The chart and event asked for, and the action's label as its row names it. */
  chart: v.string(),
  event: v.string(),
  label: v.string(),
  docCode: v.string(),
  docId: v.string(),
  entityId: v.string(),
  amount: v.number(),
  currency: v.string(),
  amountUsd: v.nullable(v.number()),
  /** What approving needs (the editor flag and the action's permissions). */
  needs: v.array(v.string()),
  requesterId: v.number(),
  requesterName: v.string(),
  requestedAt: IsoDateTime,
  expiresAt: IsoDateTime,
  deciderName: v.nullable(v.string()),
  decidedAt: v.nullable(IsoDateTime),
  /** The earlier actions it was weighed with (issue 28 §4: the threshold's rolling window); null when none counted. */
  window: v.nullable(ApprovalWindow),
});
export type Approval = v.InferOutput<typeof Approval>;

const Id = v.pipe(v.number(ApprovalMsg.id), v.integer(ApprovalMsg.id), v.minValue(1, ApprovalMsg.id), v.maxValue(Number.MAX_SAFE_INTEGER, ApprovalMsg.id));
/** POST /orders/secured/approvals/approve and /reject. */
export const ApprovalBody = v.object({ id: Id });
export type ApprovalBody = v.InferOutput<typeof ApprovalBody>;

/** GET /orders/secured/approvals: the waiting requests, or the decided ones (newest first). */
export const APPROVAL_LISTS = ['pending', 'decided'] as const;
export const ApprovalsQuery = v.object({ list: v.optional(v.picklist(APPROVAL_LISTS, 'La lista no es válida.'), 'pending') });
export type ApprovalsQuery = v.InferInput<typeof ApprovalsQuery>;
/** A request as the lists show it: ✦ its `approval` chart as the server restores it for the reader (docs/contract.md). */
export const ListedApproval = v.object({ ...Approval.entries, charts: ChartSnapshots });
export type ListedApproval = v.InferOutput<typeof ListedApproval>;
export const ApprovalsResponse = Envelope(v.object({ elements: v.array(ListedApproval) }));
export const APPROVALS_PATH = '/orders/secured/approvals';
