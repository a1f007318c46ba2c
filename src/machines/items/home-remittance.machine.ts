import { and, setup } from 'xstate';
import {
  HOME_REFRESH_MOVES,
  HOME_REMITTANCE_STATUSES,
  REMITTANCE_ACTION_PERMISSION,
  type HomeRemittanceStatus,
  type RemittanceAction,
} from '@/domain/remittance';
import type { DeliveryStatus } from '@/domain/delivery';
import { Permission } from '@/domain/permissions';

/**
 * A home remittance item (REMESA_A_DOMICILIO) as staff act on it (spec details §4 "Home
 * remittance"). In MANUAL with a tracking number (the delivery service knows it) its address can
 * be changed and it can be approved (TO_ACTIVATE: waiting for a courier); assigned to a courier
 * (PENDING_DELIVERY) it can be sent back to review (MANUAL); assigned or IN_TRANSIT its delivery
 * can be reported (FULFILLED), with the receipt uploaded first; a FULFILLED one can go back to
 * processing (MANUAL: the delivery is undone). A refresh, offered in every status but OPEN,
 * re-reads the delivery service: when the service is ahead (assigned, in transit, delivered)
 * the item follows it, otherwise it stays and the refresh is only recorded.
 *
 * Every action needs the editor flag and CRM2_OPERATIONS_SPECIALIST (spec §6).
 */

export interface HomeRemittanceInput {
  status: string;
  permissions: readonly string[];
  /** The delivery service's tracking number: without it the remittance is not registered there. */
  trackingNumber: string | null;
}

export type HomeRemittanceContext = HomeRemittanceInput;

export type HomeRemittanceEvent =
  | { type: 'item.modifyDestination' }
  | { type: 'item.approve' }
  | { type: 'item.review' }
  | { type: 'item.uploadReceipt' }
  | { type: 'item.deliver' }
  | { type: 'item.backToProcessing' }
  /** `reported`: the delivery service's status when the server asked (absent in the browser). */
  | { type: 'item.refresh'; reported?: string | null };

const may = (context: HomeRemittanceContext, action: RemittanceAction) =>
  context.permissions.includes(Permission.EDITOR) && context.permissions.includes(REMITTANCE_ACTION_PERMISSION[action]);

/** The refresh of a status: follow the delivery service where it is ahead, else stay (recorded). */
function refresh(status: HomeRemittanceStatus) {
  return [
    ...(HOME_REFRESH_MOVES[status] ?? []).map(({ reported, to }) => ({
      guard: and(['mayRefresh', { type: 'reports' as const, params: { reported } }]),
      target: to,
    })),
    { guard: 'mayRefresh' as const, target: status },
  ];
}

export const homeRemittanceItemMachine = setup({
  types: { context: {} as HomeRemittanceContext, events: {} as HomeRemittanceEvent, input: {} as HomeRemittanceInput },
  guards: {
    isStatus: ({ context }, params: { status: HomeRemittanceStatus }) => context.status === params.status,
    hasTracking: ({ context }) => (context.trackingNumber ?? '').trim() !== '',
    mayModifyDestination: ({ context }) => may(context, 'modifyDestination'),
    mayApprove: ({ context }) => may(context, 'approve'),
    mayReview: ({ context }) => may(context, 'review'),
    mayDeliver: ({ context }) => may(context, 'deliver'),
    mayGoBack: ({ context }) => may(context, 'backToProcessing'),
    mayRefresh: ({ context }) => may(context, 'refresh'),
    reports: ({ event }, params: { reported: DeliveryStatus }) => event.type === 'item.refresh' && event.reported === params.reported,
  },
}).createMachine({
  id: 'homeRemittanceItem',
  context: ({ input }) => ({ status: input.status, permissions: input.permissions, trackingNumber: input.trackingNumber }),
  initial: 'loading',
  states: {
    loading: {
      always: HOME_REMITTANCE_STATUSES.map((status) => ({ guard: { type: 'isStatus' as const, params: { status } }, target: status })),
    },
    // Not paid yet: nothing to do, not even a refresh (spec: "when the status is not OPEN").
    OPEN: {},
    MANUAL: {
      on: {
        'item.modifyDestination': { guard: and(['mayModifyDestination', 'hasTracking']), target: 'MANUAL' },
        'item.approve': { guard: and(['mayApprove', 'hasTracking']), target: 'TO_ACTIVATE' },
        'item.refresh': refresh('MANUAL'),
      },
    },
    TO_ACTIVATE: { on: { 'item.refresh': refresh('TO_ACTIVATE') } },
    PENDING_DELIVERY: {
      on: {
        'item.review': { guard: 'mayReview', target: 'MANUAL' },
        'item.uploadReceipt': { guard: 'mayDeliver', target: 'PENDING_DELIVERY' },
        'item.deliver': { guard: 'mayDeliver', target: 'FULFILLED' },
        'item.refresh': refresh('PENDING_DELIVERY'),
      },
    },
    IN_TRANSIT: {
      on: {
        'item.uploadReceipt': { guard: 'mayDeliver', target: 'IN_TRANSIT' },
        'item.deliver': { guard: 'mayDeliver', target: 'FULFILLED' },
        'item.refresh': refresh('IN_TRANSIT'),
      },
    },
    DELIVERED: { on: { 'item.refresh': refresh('DELIVERED') } },
    FULFILLED: {
      on: {
        'item.backToProcessing': { guard: 'mayGoBack', target: 'MANUAL' },
        'item.refresh': refresh('FULFILLED'),
      },
    },
    CANCELLED: { on: { 'item.refresh': refresh('CANCELLED') } },
    REFUND: { on: { 'item.refresh': refresh('REFUND') } },
    REFUND_PARTIAL: { on: { 'item.refresh': refresh('REFUND_PARTIAL') } },
    REFUND_TO_CREDIT: { on: { 'item.refresh': refresh('REFUND_TO_CREDIT') } },
  },
});
