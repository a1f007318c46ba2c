import { ApiError } from '../http';
import type { Binding } from '../lifecycle/binding';
import { snapshotOfKey, type ReadContext } from '../lifecycle/snapshot';
import { bankRemittanceBinding } from './bank-remittance';
import { homeRemittanceBinding } from './home-remittance';
import { pickupCashBinding } from './pickup-cash';
import { prepaidCardBinding } from './prepaid-gift';
import { topupClaimBinding, topupItemBinding } from './topup';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';

/**
 * The charts an order item's panel acts on (issue 25 §1, part E), by product, each computed by its
 * binding's store (the status, the order's status the payout waits on, and the product's facts:
 * a tracking number, a delivery status, a prepaid card's destination, an expired offer, the claims
 * made). A gift card has no action, so no chart.
 */
const ITEM_CHARTS: Readonly<Record<string, readonly Binding[]>> = {
  REMESA_BANCARIA: [bankRemittanceBinding],
  REMESA_A_DOMICILIO: [homeRemittanceBinding],
  PICKUP_CASH: [pickupCashBinding],
  PREPAID_CARD: [prepaidCardBinding],
  TOPUP: [topupItemBinding, topupClaimBinding],
  TOPUP_NAUTA: [topupItemBinding, topupClaimBinding],
};

/**
 * A chart whose store cannot find what it reads (a pickup without its pickup data) is left out:
 * the panel restores that chart in no state and offers nothing, as the mover would refuse it (404).
 */
async function present(snapshot: Promise<ChartSnapshot>): Promise<ChartSnapshot[]> {
  try {
    return [await snapshot];
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return [];
    throw e;
  }
}

/** The snapshots of one item's charts. */
export async function itemCharts(ctx: ReadContext, item: { id: number; productType: string }): Promise<ChartSnapshot[]> {
  const bindings = ITEM_CHARTS[item.productType] ?? [];
  return (await Promise.all(bindings.map((binding) => present(snapshotOfKey(ctx, binding, { item: item.id }))))).flat();
}
