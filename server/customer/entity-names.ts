/**
 * A customer's own entity named in the transitions and the refusals (issue 40): a phone number or a
 * listed value is the customer's, and two customers may have the same number (a family's phone) or
 * a card with the same caption, so its id names the customer first: '122089 +5350022218'. A history
 * is its chart's and its id's; without the customer two customers' phones were one history.
 */
export const withinCustomer = (accountId: number | string, name: string) => `${accountId} ${name}`;

/** The customer and the name an id of `withinCustomer` holds; null for another id. */
export function ofCustomer(entityId: string): { accountId: number; name: string } | null {
  const match = /^(\d{1,15}) (.+)$/.exec(entityId);
  return match ? { accountId: Number(match[1]), name: match[2]! } : null;
}
