/** An amount in cents, so that sums and comparisons of dollars are exact. */
export const cents = (n: number) => Math.round(n * 100);

/** What is left to refund of an offer's price. */
export function refundLeft(context: { price: number; refunded: number }): number {
  return (cents(context.price) - cents(context.refunded)) / 100;
}
