import type { Kysely } from 'kysely';

/**
 * The charge-order actions (spec details §4 "charge order CLOSED: refund only the full total,
 * irreversible", §7 "Charge order (UPG) detail"): a refund keeps the status CLOSED (the contract's
 * statuses have no other) and is recorded on the charge order, once; the version every action
 * claims makes a lost race a 409.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('charge_orders').addColumn('refunded_at', 'text').execute();
  await db.schema.alterTable('charge_orders').addColumn('version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
