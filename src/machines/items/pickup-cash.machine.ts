import { and, assign, setup } from 'xstate';
import { DELIVERY_AFTER, DELIVERY_MEANS_ASSIGNED, PICKUP_ITEM_STATUSES, deliveryAllowsCancel } from '@/domain/pickup-prepaid';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { heldForRisk, heldPayout } from './item';
import { pickupCashActions, type PickupCashContext, type PickupCashEvent, type PickupSubject } from './pickup-cash.actions';

/**
 * A pickup-cash item (spec details §4 "Pickup cash"): OPEN can have its destination modified and
 * be approved (TO_ACTIVATE, "Aprobada"); the delivery service then assigns a courier
 * (PENDING_DELIVERY, "Asignada"), which a refresh brings in; an assigned pickup can be sent back to
 * review (OPEN again) or be marked delivered (FULFILLED), and its receipt attached. Cancel is
 * offered when the item is OPEN, or while the delivery service's status is not IN_TRANSIT or
 * FULFILLED. Approving and delivering wait for the order's risk review.
 *
 * The delivery status comes in the input and each move leaves what the server writes to the
 * delivery service, so a path through the chart is a path the server takes.
 */

export type { PickupCashEvent } from './pickup-cash.actions';
export type PickupCashInput = PickupCashContext;

const held = heldPayout(and(['allowed', 'held']));
const cancel = { guard: and(['allowed', 'deliveryAllowsCancel']), target: 'CANCELLED', actions: { type: 'setDelivery', params: { status: DELIVERY_AFTER.cancel } } } as const;

export const pickupCashItemMachine = setup({
  types: { context: {} as PickupCashContext, events: {} as PickupCashEvent, input: {} as PickupCashInput },
  actions: {
    /** The delivery service's status after the move. */
    setDelivery: assign((_, params: { status: string }) => ({ deliveryStatus: params.status })),
  },
  guards: {
    allowed: allowedBy(pickupCashActions),
    held: heldForRisk,
    deliveryAllowsCancel: ({ context }) => deliveryAllowsCancel(context.deliveryStatus),
    deliveryAssigned: ({ context }) => (DELIVERY_MEANS_ASSIGNED as readonly (string | null)[]).includes(context.deliveryStatus),
    deliveryFulfilled: ({ context }) => context.deliveryStatus === 'FULFILLED',
  },
}).createMachine({
  id: 'pickupCashItem',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(PICKUP_ITEM_STATUSES),
    OPEN: {
      on: {
        'item.editDestination': { guard: 'allowed', target: 'OPEN' },
        'item.approve': [held, { guard: 'allowed', target: 'TO_ACTIVATE', actions: { type: 'setDelivery', params: { status: DELIVERY_AFTER.approve } } }],
        // Not approved yet: nobody is on the way, whatever the delivery service says.
        'item.cancel': { guard: 'allowed', target: 'CANCELLED', actions: { type: 'setDelivery', params: { status: DELIVERY_AFTER.cancel } } },
      },
    },
    TO_ACTIVATE: {
      on: {
        'item.refresh': [
          { guard: and(['allowed', 'deliveryAssigned']), target: 'PENDING_DELIVERY' },
          { guard: and(['allowed', 'deliveryFulfilled']), target: 'FULFILLED' },
          // Nothing new from the delivery service: the refresh is still recorded.
          { guard: 'allowed', target: 'TO_ACTIVATE' },
        ],
        'item.cancel': cancel,
      },
    },
    PENDING_DELIVERY: {
      on: {
        'item.review': { guard: 'allowed', target: 'OPEN', actions: { type: 'setDelivery', params: { status: DELIVERY_AFTER.review } } },
        'item.deliver': [held, { guard: 'allowed', target: 'FULFILLED', actions: { type: 'setDelivery', params: { status: DELIVERY_AFTER.deliver } } }],
        'item.refresh': [
          { guard: and(['allowed', 'deliveryFulfilled']), target: 'FULFILLED' },
          { guard: 'allowed', target: 'PENDING_DELIVERY' },
        ],
        'item.cancel': cancel,
      },
    },
    FULFILLED: {
      on: { 'item.attachReceipt': { guard: 'allowed', target: 'FULFILLED' } },
    },
    DELIVERED: {},
    CANCELLED: {},
    REFUND: {},
    REFUND_PARTIAL: {},
    REFUND_TO_CREDIT: {},
  },
});

export const pickupCash: Lifecycle<typeof pickupCashItemMachine, PickupSubject> = {
  name: 'pickupCashItem',
  machine: pickupCashItemMachine,
  rows: pickupCashActions,
};
