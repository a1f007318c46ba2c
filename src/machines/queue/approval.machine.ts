import { and, not, setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { APPROVAL_STATUSES } from '@/domain/approvals';
import type { Approval } from '@/api/contract/approvals';
import { approvalActions, type ApprovalContext, type ApprovalEvent } from './approval.actions';

/**
 * A four-eyes request (issue 14 §6): requested by one person, then approved or rejected by a
 * different person holding the same permissions while it is in time, or expired. Approving is
 * what does the action (the server runs the requested row as the approver, in the same
 * transaction). The server restores this chart for every decision, so "not one's own" and "not
 * out of time" are the chart's guards, not a screen's.
 */

export type { ApprovalContext, ApprovalEvent } from './approval.actions';

export const approvalMachine = setup({
  types: { context: {} as ApprovalContext, events: {} as ApprovalEvent, input: {} as ApprovalContext },
  guards: {
    allowed: allowedBy(approvalActions),
    anotherPerson: ({ context }) => context.actorId !== context.requesterId,
    expired: ({ context }) => context.expired,
  },
}).createMachine({
  id: 'approval',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(APPROVAL_STATUSES),
    requested: {
      on: {
        'approval.approve': { guard: and(['allowed', 'anotherPerson', not('expired')]), target: 'approved' },
        'approval.reject': { guard: and(['allowed', 'anotherPerson', not('expired')]), target: 'rejected' },
        // Nobody decided in time: the server records it when the same action is asked for again.
        'approval.expire': { guard: 'expired', target: 'expired' },
      },
    },
    approved: { type: 'final' },
    rejected: { type: 'final' },
    expired: { type: 'final' },
  },
});

export const approval: Lifecycle<typeof approvalMachine, Approval> = {
  name: 'approval',
  machine: approvalMachine,
  rows: approvalActions,
};
