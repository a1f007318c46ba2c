import { isHeldForRisk, ItemRefused } from '@/domain/order-status';
import type { RefusalMeta } from '@/machines/lifecycle/table';

/**
 * What every item lifecycle shares: the item a panel acts on (its subject), how a request names
 * items (its keys, which the server's item store finds), and the part of every item chart's
 * context that is not the product's own.
 */

/** The item as a panel names it in its requests and its questions. */
export interface ItemSubject {
  /** The item (fulfilment order item) id. */
  id: number;
  orderId: number;
  /** The offer (fulfilment order) the item belongs to. */
  offerId: number;
  /** The app the order came through (the delivery service records it). */
  appName: string | null;
}

/** How a request names the items it acts on. */
export type ItemKey =
  | { item: number }
  /** The offer's item of the lifecycle's product. */
  | { offer: number }
  /** The order's items of the product, or the one named. */
  | { order: number; item?: number }
  /** A pickup by the delivery service's id for it. */
  | { pickup: number }
  /** Every item of the product created in a window of Toronto days. */
  | { window: { startDate: string; endDate: string }; statuses?: readonly string[] };

/** What every item chart reads besides the product's own facts. */
export interface ItemContextBase {
  status: string;
  /** The order's status: payouts wait while it is in risk review. */
  orderStatus: string | null;
  permissions: readonly string[];
}

/**
 * Payouts wait for the order's risk review (docs/decisions.md "Item payouts wait for the order's
 * risk review"): an item chart's guard on the order's status in its input.
 */
export const heldForRisk = ({ context }: { context: { orderStatus: string | null } }) => isHeldForRisk(context.orderStatus);

/**
 * The first transition of a payout's event (approve, deliver, fulfil): while the order is in risk
 * review and everything else would allow the event (the `guard` given: the row's permissions and
 * the chart's own rules), the chart refuses it and says why (`statedRefusal`); otherwise the
 * transitions after it decide. A forbidden transition: no target, no action.
 */
export const heldPayout = <TGuard>(guard: TGuard) => ({ guard, meta: { refused: ItemRefused.orderInReview } satisfies RefusalMeta });
