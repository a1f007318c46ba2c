import { EVERYTHING, status, TRACKING, type LifecycleModel } from './model';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { pickupCash } from '@/machines/items/pickup-cash.machine';
import { prepaidCard } from '@/machines/items/prepaid-card.machine';
import { topupItem } from '@/machines/items/topup.machine';
import { topupClaim } from '@/machines/items/topup-claim.machine';
import { BANK_REMITTANCE_STATUSES, HOME_REMITTANCE_STATUSES } from '@/domain/remittance';
import { PICKUP_ITEM_STATUSES, PREPAID_ITEM_STATUSES, deliveryStatusFor } from '@/domain/pickup-prepaid';
import { TOPUP_OUTCOMES, TOPUP_STATUSES } from '@/domain/topup';
import type { DeliveryStatus } from '@/domain/delivery';

/** The item charts: remittances, pickups, prepaid cards, top-ups and their claims. */

type Input = Record<string, unknown>;
/**
 * An item's starting inputs with its order released for payouts (OPEN), and again with its order in
 * risk review (RISK): there the item charts refuse every payout and say why.
 */
const eitherOrder = (inputs: readonly Input[]): Input[] => inputs.flatMap((input) => [{ ...input, orderStatus: 'OPEN' }, { ...input, orderStatus: 'RISK' }]);
const withOrder = (label: (input: Input) => string) => (input: Input) => (input.orderStatus === 'OPEN' ? label(input) : `${label(input)} (orden en ${String(input.orderStatus)})`);

export const bankModel: LifecycleModel = {
  lifecycle: bankRemittance,
  inputs: eitherOrder(BANK_REMITTANCE_STATUSES.map((s) => ({ status: s, provider: 'BPA', permissions: EVERYTHING }))),
  // A change of provider to another one, and to the one it has (refused, and the chart says why).
  extra: () => [
    { type: 'item.modifyProvider', provider: 'BANDEC' },
    { type: 'item.modifyProvider', provider: 'BPA' },
  ],
  label: withOrder(status),
};

export const homeModel: LifecycleModel = {
  lifecycle: homeRemittance,
  inputs: eitherOrder([
    ...HOME_REMITTANCE_STATUSES.map((s) => ({ status: s, permissions: EVERYTHING, trackingNumber: TRACKING })),
    // Not registered with the delivery service yet: nothing but a refresh.
    { status: 'MANUAL', permissions: EVERYTHING, trackingNumber: null },
  ]),
  // What the delivery service may report on a refresh.
  extra: () => (['ASSIGNED', 'IN_TRANSIT', 'FULFILLED'] as const).map((reported) => ({ type: 'item.refresh', reported })),
  label: withOrder((i) => (i.trackingNumber === null ? `${status(i)} (sin seguimiento)` : status(i))),
};

/** Delivery statuses that change what a pickup may do besides the one that goes with its status. */
const DELIVERY_VARIANTS: Partial<Record<string, DeliveryStatus[]>> = {
  TO_ACTIVATE: ['ASSIGNED', 'IN_TRANSIT', 'FULFILLED'],
  PENDING_DELIVERY: ['IN_TRANSIT', 'FULFILLED'],
};

export const pickupModel: LifecycleModel = {
  lifecycle: pickupCash,
  inputs: eitherOrder(
    PICKUP_ITEM_STATUSES.flatMap((s) => [
      { status: s, permissions: EVERYTHING, deliveryStatus: deliveryStatusFor(s) },
      ...(DELIVERY_VARIANTS[s] ?? []).map((deliveryStatus) => ({ status: s, permissions: EVERYTHING, deliveryStatus })),
    ]),
  ),
  label: withOrder((i) => `${status(i)}/${String(i.deliveryStatus)}`),
};

export const prepaidModel: LifecycleModel = {
  lifecycle: prepaidCard,
  inputs: eitherOrder([
    ...PREPAID_ITEM_STATUSES.map((s) => ({ status: s, permissions: EVERYTHING, hasDestination: true })),
    // Without a stored destination there is nothing to edit.
    { status: 'OPEN', permissions: EVERYTHING, hasDestination: false },
  ]),
  label: withOrder((i) => (i.hasDestination ? status(i) : `${status(i)} (sin destino)`)),
};

export const topupModel: LifecycleModel = {
  lifecycle: topupItem,
  inputs: eitherOrder(
    TOPUP_STATUSES.flatMap((s) => [
      { status: s, permissions: EVERYTHING, offerExpired: false },
      ...(s === 'MULTIPLE' ? [{ status: s, permissions: EVERYTHING, offerExpired: true }] : []),
    ]),
  ),
  // Every answer the operator may give to a delivery attempt.
  extra: () => TOPUP_OUTCOMES.map((outcome) => ({ type: 'item.fulfill', outcome })),
  label: withOrder((i) => (i.status === 'MULTIPLE' ? `MULTIPLE (oferta ${i.offerExpired ? 'expirada' : 'vigente'})` : status(i))),
};

export const claimModel: LifecycleModel = {
  lifecycle: topupClaim,
  inputs: [
    ...[0, 1, 2].map((claims) => ({ claims, itemStatus: 'FULFILLED', permissions: EVERYTHING })),
    // Only a delivered top-up is claimed.
    { claims: 0, itemStatus: 'ERROR', permissions: EVERYTHING },
  ],
  label: (i) => `${String(i.claims)} reclamos${i.itemStatus === 'FULFILLED' ? '' : ` (${String(i.itemStatus)})`}`,
};
