import type { Kysely } from 'kysely';

/**
 * The gateway a saved card's charges go through (spec details §5 "Change gateway", §9 payment
 * system codes): 7, any, unless staff (CRM2_SUPER_ACTION) chose another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_methods').addColumn('payment_system', 'integer', (c) => c.notNull().defaultTo(7)).execute();
}
