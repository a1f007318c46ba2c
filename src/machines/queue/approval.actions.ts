import { Approval, ApprovalBody } from '@/api/contract/approvals';
import { ApprovalMsg } from '@/domain/approvals';
import { approvalText } from '@/i18n/es-approvals';
import { rowOf } from '@/machines/lifecycle/table';

/**
 * A four-eyes request's actions (issue 14 §6): a second person approves it (the action is done
 * then, as theirs) or rejects it. Either needs what the action itself needs: the permissions were
 * stored with the request, so the chart reads them from its context.
 */

export type ApprovalEvent = { type: 'approval.approve' } | { type: 'approval.reject' } | { type: 'approval.expire' };

export interface ApprovalContext {
  status: string;
  requesterId: number;
  /** Who is asking the chart now. */
  actorId: number;
  /** The editor flag and the action's permissions. */
  needs: readonly string[];
  /** The request's time is up (the server's clock). */
  expired: boolean;
  permissions: readonly string[];
}

const row = rowOf<ApprovalEvent, ApprovalContext, Approval>();
const text = approvalText;

/** Why a request cannot be decided now: already decided, out of time, or one's own. */
export function approvalRefusal(context: ApprovalContext): string {
  if (context.status !== 'requested') return context.status === 'expired' ? ApprovalMsg.expired : ApprovalMsg.decided;
  if (context.expired) return ApprovalMsg.expired;
  return ApprovalMsg.samePerson;
}

const ids = (r: { body: ApprovalBody }) => [r.body.id];

export const approvalActions = [
  row({
    event: 'approval.approve',
    label: text.approve,
    permissions: (_event, context) => context.needs,
    confirm: (s) => text.approveQuestion(s),
    success: { title: text.approvedTitle, text: (s) => text.approvedText(s) },
    refused: approvalRefusal,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/approvals/approve', body: ApprovalBody, data: Approval },
    request: (s) => ({ body: { id: s.id } }),
    targets: ids,
    handler: 'approve',
  }),
  row({
    event: 'approval.reject',
    label: text.reject,
    variant: 'danger',
    permissions: (_event, context) => context.needs,
    confirm: (s) => text.rejectQuestion(s),
    success: { text: (s) => text.rejectedText(s) },
    refused: approvalRefusal,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/approvals/reject', body: ApprovalBody, data: Approval },
    request: (s) => ({ body: { id: s.id } }),
    targets: ids,
  }),
];
