/**
 * A person's own change (issue 14 §4), as the work queue and the live order page tell it apart:
 * from the moment their action's request leaves, the first change of that order the stream brings
 * is theirs (their panel reads it again by itself), not news of someone else's.
 */

/** Whether a change of `orders` (null: anything may have changed) is the awaited change of order `own`. */
export const isOwnChange = (own: number | null, orders: readonly number[] | null): boolean => own !== null && orders !== null && orders.includes(own);

/** What is still awaited once a change came: nothing if it was the awaited one. */
export const afterChange = (own: number | null, orders: readonly number[] | null): number | null => (isOwnChange(own, orders) ? null : own);
