import { EVERYTHING, status, type LifecycleModel } from './model';
import { approval } from '@/machines/queue/approval.machine';
import { APPROVAL_STATUSES } from '@/domain/approvals';

/**
 * A four-eyes request in each state: asked by the person looking (1) or by another (2), in time or
 * out of it; the expiry is the server's event, sent when the same action is asked for again.
 */
export const approvalModel: LifecycleModel = {
  lifecycle: approval,
  inputs: APPROVAL_STATUSES.flatMap((s) =>
    [1, 2].flatMap((requesterId) => [false, true].map((expired) => ({ status: s, requesterId, actorId: 1, needs: ['CRM_LECTOR', 'CRM7_DO_ACTION'], expired, permissions: EVERYTHING }))),
  ),
  extra: () => [{ type: 'approval.expire' }],
  label: (i) => `${status(i)} (${i.requesterId === i.actorId ? 'propia' : 'de otra persona'}${i.expired ? ', vencida' : ''})`,
};
