import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from './columns';

/**
 * Top-up items: their delivery attempts (traces, listed 5 per page by item) and their claims (at
 * most one first and one second per item). Similar items use order_items_destination (0002).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = identity(dialect);

  await db.schema
    .createTable('topup_traces')
    .addColumn('id', 'integer', id)
    .addColumn('foi_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('request_date', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('date', 'text')
    .addColumn('destination', 'text')
    .addColumn('value_topup', 'double precision', (c) => c.notNull())
    .addColumn('code_country', 'text', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text')
    .addColumn('request_remote_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_detail', 'text')
    .execute();
  await db.schema.createIndex('topup_traces_item').on('topup_traces').columns(['foi_id', 'id']).execute();

  await db.schema
    .createTable('topup_claims')
    .addColumn('id', 'integer', id)
    .addColumn('foi_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('claim_number', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'text')
    .execute();
  // Two people claiming at once: one insert wins, the other is a 409.
  await db.schema.createIndex('topup_claims_item').on('topup_claims').columns(['foi_id', 'claim_number']).unique().execute();
}
