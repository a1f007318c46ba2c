/** An instant as the database keeps it: ISO 8601 in UTC. */
export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The seed's clock (issue 27): nothing seeded happened after `now`. An event that follows another
 * by a fixed or drawn time (a delivery hours after its order, a review days after its document,
 * a card blacklisted days after it was added) happened at the latest at `now`, as it would have
 * if the data were real: `const past = pastIso(now); past(order.created + 72 * HOUR)`.
 * Expiries and validity windows (an offer's end, a campaign to come) are not events: they keep
 * their own dates.
 */
export const pastIso = (now: number) => (ms: number) => iso(Math.min(ms, now));
