/**
 * The fraud graph reads the tables it links accounts through (orders, payment_orders, accounts,
 * blacklist_entries) and keeps none of its own; their existing indexes serve every read it makes.
 */
export type FraudGraphTables = Record<never, never>;
