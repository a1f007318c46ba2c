import type { Kysely } from 'kysely';

/**
 * Resetting a customer's added-card attempts (spec details §4 "Card": CARD_DECLINES_LIMITED after
 * 10) clears the failed ones without erasing them: `cleared_at` says when, and only attempts not
 * cleared count towards the limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('add_card_attempts').addColumn('cleared_at', 'text').execute();
}
