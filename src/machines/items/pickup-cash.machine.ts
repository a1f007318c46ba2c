import { and, assign, setup } from 'xstate';
import { Permission } from '@/domain/permissions';
import {
  DELIVERY_AFTER,
  DELIVERY_MEANS_ASSIGNED,
  PICKUP_ACTION_PERMISSION,
  PICKUP_ITEM_STATUSES,
  deliveryAllowsCancel,
  type PickupItemStatus,
} from '@/domain/pickup-prepaid';

/**
 * A pickup-cash item (spec details §4 "Pickup cash"): OPEN can have its destination modified and
 * be approved (TO_ACTIVATE, "Aprobada"); the delivery service then assigns a courier
 * (PENDING_DELIVERY, "Asignada"), which a refresh brings in; an assigned pickup can be sent back to
 * review (OPEN again) or, with PICKUP_DELIVERY, be marked delivered (FULFILLED), and its receipt
 * attached. Cancel is offered when the item is OPEN, or while the delivery service's status is not
 * IN_TRANSIT or FULFILLED.
 *
 * The delivery status comes in the input and each move leaves what the server writes to the
 * delivery service, so a path through the chart is a path the server takes.
 */

export interface PickupCashInput {
  status: string;
  permissions: readonly string[];
  /** The delivery service's status of the pickup (its picked-cash info); null when it has none. */
  deliveryStatus: string | null;
}

export interface PickupCashContext {
  status: string;
  permissions: readonly string[];
  deliveryStatus: string | null;
}

export type PickupCashEvent =
  | { type: 'item.editDestination' }
  | { type: 'item.approve' }
  | { type: 'item.review' }
  | { type: 'item.deliver' }
  | { type: 'item.attachReceipt' }
  | { type: 'item.cancel' }
  | { type: 'item.refresh' };

const may = (context: PickupCashContext, permission: string) =>
  context.permissions.includes(Permission.EDITOR) && context.permissions.includes(permission);

export const pickupCashItemMachine = setup({
  types: { context: {} as PickupCashContext, events: {} as PickupCashEvent, input: {} as PickupCashInput },
  actions: {
    /** The delivery service's status after the move. */
    setDelivery: assign((_, params: { status: string }) => ({ deliveryStatus: params.status })),
  },
  guards: {
    isStatus: ({ context }, params: { status: PickupItemStatus }) => context.status === params.status,
    mayEditDestination: ({ context }) => may(context, PICKUP_ACTION_PERMISSION.editDestination),
    mayApprove: ({ context }) => may(context, PICKUP_ACTION_PERMISSION.approve),
    mayReview: ({ context }) => may(context, PICKUP_ACTION_PERMISSION.review),
    mayDeliver: ({ context }) => may(context, PICKUP_ACTION_PERMISSION.deliver),
    mayAttachReceipt: ({ context }) => may(context, PICKUP_ACTION_PERMISSION.attachReceipt),
    mayCancel: ({ context }) => may(context, PICKUP_ACTION_PERMISSION.cancel),
    mayCancelUnlessOnTheWay: ({ context }) => may(context, PICKUP_ACTION_PERMISSION.cancel) && deliveryAllowsCancel(context.deliveryStatus),
    mayRefresh: ({ context }) => may(context, PICKUP_ACTION_PERMISSION.refresh),
    deliveryAssigned: ({ context }) => (DELIVERY_MEANS_ASSIGNED as readonly (string | null)[]).includes(context.deliveryStatus),
    deliveryFulfilled: ({ context }) => context.deliveryStatus === 'FULFILLED',
  },
}).createMachine({
  id: 'pickupCashItem',
  context: ({ input }) => ({ status: input.status, permissions: input.permissions, deliveryStatus: input.deliveryStatus }),
  initial: 'loading',
  states: {
    loading: {
      always: PICKUP_ITEM_STATUSES.map((status) => ({ guard: { type: 'isStatus' as const, params: { status } }, target: status })),
    },
    OPEN: {
      on: {
        'item.editDestination': { guard: 'mayEditDestination', target: 'OPEN' },
        'item.approve': { guard: 'mayApprove', target: 'TO_ACTIVATE', actions: { type: 'setDelivery', params: { status: DELIVERY_AFTER.approve } } },
        'item.cancel': { guard: 'mayCancel', target: 'CANCELLED', actions: { type: 'setDelivery', params: { status: DELIVERY_AFTER.cancel } } },
      },
    },
    TO_ACTIVATE: {
      on: {
        'item.refresh': [
          { guard: and(['mayRefresh', 'deliveryAssigned']), target: 'PENDING_DELIVERY' },
          { guard: and(['mayRefresh', 'deliveryFulfilled']), target: 'FULFILLED' },
          // Nothing new from the delivery service: the refresh is still recorded.
          { guard: 'mayRefresh', target: 'TO_ACTIVATE' },
        ],
        'item.cancel': { guard: 'mayCancelUnlessOnTheWay', target: 'CANCELLED', actions: { type: 'setDelivery', params: { status: DELIVERY_AFTER.cancel } } },
      },
    },
    PENDING_DELIVERY: {
      on: {
        'item.review': { guard: 'mayReview', target: 'OPEN', actions: { type: 'setDelivery', params: { status: DELIVERY_AFTER.review } } },
        'item.deliver': { guard: 'mayDeliver', target: 'FULFILLED', actions: { type: 'setDelivery', params: { status: DELIVERY_AFTER.deliver } } },
        'item.refresh': [
          { guard: and(['mayRefresh', 'deliveryFulfilled']), target: 'FULFILLED' },
          { guard: 'mayRefresh', target: 'PENDING_DELIVERY' },
        ],
        'item.cancel': { guard: 'mayCancelUnlessOnTheWay', target: 'CANCELLED', actions: { type: 'setDelivery', params: { status: DELIVERY_AFTER.cancel } } },
      },
    },
    FULFILLED: {
      on: { 'item.attachReceipt': { guard: 'mayAttachReceipt', target: 'FULFILLED' } },
    },
    DELIVERED: {},
    CANCELLED: {},
    REFUND: {},
    REFUND_PARTIAL: {},
    REFUND_TO_CREDIT: {},
  },
});
