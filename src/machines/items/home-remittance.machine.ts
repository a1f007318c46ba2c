import { and, setup } from 'xstate';
import { HOME_REFRESH_MOVES, HOME_REMITTANCE_STATUSES, type HomeRemittanceStatus } from '@/domain/remittance';
import type { DeliveryStatus } from '@/domain/delivery';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { homeRemittanceActions, type HomeRemittanceContext, type HomeRemittanceEvent } from './home-remittance.actions';
import { heldForRisk, heldPayout, type ItemSubject } from './item';

/**
 * A home remittance item (REMESA_A_DOMICILIO) as staff act on it (spec details §4 "Home
 * remittance"). In MANUAL with a tracking number (the delivery service knows it) its address can
 * be changed and it can be approved (TO_ACTIVATE: waiting for a courier); assigned to a courier
 * (PENDING_DELIVERY) it can be sent back to review (MANUAL); assigned or IN_TRANSIT its delivery
 * can be reported (FULFILLED), with the receipt uploaded first; a FULFILLED one can go back to
 * processing (MANUAL: the delivery is undone). A refresh, offered in every status but OPEN,
 * re-reads the delivery service: when the service is ahead (assigned, in transit, delivered)
 * the item follows it, otherwise it stays and the refresh is only recorded. Approving and
 * delivering wait for the order's risk review.
 */

export type { HomeRemittanceEvent } from './home-remittance.actions';
export type HomeRemittanceInput = HomeRemittanceContext;

/** The refresh of a status: follow the delivery service where it is ahead, else stay (recorded). */
function refresh(status: HomeRemittanceStatus) {
  return [
    ...(HOME_REFRESH_MOVES[status] ?? []).map(({ reported, to }) => ({
      guard: and(['allowed', { type: 'reports' as const, params: { reported } }]),
      target: to,
    })),
    { guard: 'allowed' as const, target: status },
  ];
}

const deliver = [heldPayout(and(['allowed', 'held'])), { guard: 'allowed', target: 'FULFILLED' }] as const;

export const homeRemittanceItemMachine = setup({
  types: { context: {} as HomeRemittanceContext, events: {} as HomeRemittanceEvent, input: {} as HomeRemittanceInput },
  guards: {
    allowed: allowedBy(homeRemittanceActions),
    held: heldForRisk,
    hasTracking: ({ context }) => (context.trackingNumber ?? '').trim() !== '',
    reports: ({ event }, params: { reported: DeliveryStatus }) => event.type === 'item.refresh' && event.reported === params.reported,
  },
}).createMachine({
  id: 'homeRemittanceItem',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(HOME_REMITTANCE_STATUSES),
    // Not paid yet: nothing to do, not even a refresh (spec: "when the status is not OPEN").
    OPEN: {},
    MANUAL: {
      on: {
        'item.modifyDestination': { guard: and(['allowed', 'hasTracking']), target: 'MANUAL' },
        'item.approve': [heldPayout(and(['allowed', 'hasTracking', 'held'])), { guard: and(['allowed', 'hasTracking']), target: 'TO_ACTIVATE' }],
        'item.refresh': refresh('MANUAL'),
      },
    },
    TO_ACTIVATE: { on: { 'item.refresh': refresh('TO_ACTIVATE') } },
    PENDING_DELIVERY: {
      on: {
        'item.review': { guard: 'allowed', target: 'MANUAL' },
        'item.uploadReceipt': { guard: 'allowed', target: 'PENDING_DELIVERY' },
        'item.deliver': deliver,
        'item.refresh': refresh('PENDING_DELIVERY'),
      },
    },
    IN_TRANSIT: {
      on: {
        'item.uploadReceipt': { guard: 'allowed', target: 'IN_TRANSIT' },
        'item.deliver': deliver,
        'item.refresh': refresh('IN_TRANSIT'),
      },
    },
    DELIVERED: { on: { 'item.refresh': refresh('DELIVERED') } },
    FULFILLED: {
      on: {
        'item.backToProcessing': { guard: 'allowed', target: 'MANUAL' },
        'item.refresh': refresh('FULFILLED'),
      },
    },
    CANCELLED: { on: { 'item.refresh': refresh('CANCELLED') } },
    REFUND: { on: { 'item.refresh': refresh('REFUND') } },
    REFUND_PARTIAL: { on: { 'item.refresh': refresh('REFUND_PARTIAL') } },
    REFUND_TO_CREDIT: { on: { 'item.refresh': refresh('REFUND_TO_CREDIT') } },
  },
});

export const homeRemittance: Lifecycle<typeof homeRemittanceItemMachine, ItemSubject> = {
  name: 'homeRemittanceItem',
  machine: homeRemittanceItemMachine,
  rows: homeRemittanceActions,
};
