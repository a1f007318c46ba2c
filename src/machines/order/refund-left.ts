import { checkRefundAmount } from '@/api/contract/order-actions';
import { OrderRefused, RefundMsg } from '@/domain/order-actions';

/** An amount in cents, so that sums and comparisons of dollars are exact. */
export const cents = (n: number) => Math.round(n * 100);

/** What is left to refund of an offer's price. */
export function refundLeft(context: { price: number; refunded: number }): number {
  return (cents(context.price) - cents(context.refunded)) / 100;
}

/** What an offer's charts know of its price: the price, what is refunded, and (the refund's) whether the order was paid by several means. */
export interface Priced {
  price: number;
  refunded: number;
  compound?: boolean;
}

/**
 * Why an amount cannot leave an offer (a pass to credit): null when it can. Absent, the amount is
 * what is left (spec details §5: at least 0.1, at most what is left of the price).
 */
export function creditRefusal(context: Priced, amount: number | undefined): string | null {
  const left = refundLeft(context);
  if (cents(left) <= 0) return OrderRefused.refundDone;
  return checkRefundAmount(amount ?? left, left);
}

/**
 * Why a partial refund of an offer cannot take an amount: null when it can. Absent, the request
 * named none: an amount is needed, or on a compound payment the amount or the item's value.
 */
export function partialRefundRefusal(context: Priced, amount: number | undefined): string | null {
  if (cents(refundLeft(context)) <= 0) return OrderRefused.refundDone;
  if (amount === undefined) return context.compound ? RefundMsg.compoundNeedsValue : RefundMsg.amountRequired;
  return checkRefundAmount(amount, refundLeft(context));
}
