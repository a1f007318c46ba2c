import { pathsOf } from './model-paths';
import { EVERYTHING } from './order-models';
import { pickupCashItemMachine, type PickupCashEvent, type PickupCashInput } from '@/machines/items/pickup-cash.machine';
import { prepaidCardItemMachine, type PrepaidCardEvent, type PrepaidCardInput } from '@/machines/items/prepaid-card.machine';
import { PICKUP_ITEM_STATUSES, PREPAID_ITEM_STATUSES, deliveryStatusFor } from '@/domain/pickup-prepaid';
import type { DeliveryStatus } from '@/domain/delivery';

/**
 * The model-based paths of the pickup-cash and prepaid-card charts, one set per starting input,
 * shared by the tests that run them against the chart, the server and the browser.
 */

export const pickupEvents: PickupCashEvent[] = [
  { type: 'item.editDestination' },
  { type: 'item.approve' },
  { type: 'item.review' },
  { type: 'item.deliver' },
  { type: 'item.attachReceipt' },
  { type: 'item.cancel' },
  { type: 'item.refresh' },
];

/** Delivery statuses that change what a pickup may do besides the one that goes with its status. */
const DELIVERY_VARIANTS: Partial<Record<string, DeliveryStatus[]>> = {
  TO_ACTIVATE: ['ASSIGNED', 'IN_TRANSIT', 'FULFILLED'],
  PENDING_DELIVERY: ['IN_TRANSIT', 'FULFILLED'],
};

/** Every status with the delivery status that goes with it, then the variants, for someone holding every permission. */
export const pickupInputs: PickupCashInput[] = PICKUP_ITEM_STATUSES.flatMap((status) => [
  { status, permissions: EVERYTHING, deliveryStatus: deliveryStatusFor(status) },
  ...(DELIVERY_VARIANTS[status] ?? []).map((deliveryStatus) => ({ status, permissions: EVERYTHING, deliveryStatus })),
]);
export const pickupPaths = pickupInputs.map((input) => ({ input, paths: pathsOf(pickupCashItemMachine, input, pickupEvents) }));

export const prepaidEvents: PrepaidCardEvent[] = [{ type: 'item.approve' }, { type: 'item.editDestination' }];
export const prepaidInputs: PrepaidCardInput[] = PREPAID_ITEM_STATUSES.map((status) => ({ status, permissions: EVERYTHING }));
export const prepaidPaths = prepaidInputs.map((input) => ({ input, paths: pathsOf(prepaidCardItemMachine, input, prepaidEvents) }));
