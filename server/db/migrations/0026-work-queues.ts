import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { indexer } from './columns';

/**
 * The work queues (issue 14): who is working on which item or order (claims), the index the
 * remittance queue reads its oldest items by, and, on PostgreSQL, a NOTIFY for every audited change
 * so every server instance's event streams learn of a change committed by any other instance.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('claims')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('holder_id', 'integer', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('claims_pk', ['kind', 'entity_id'])
    .execute();
  await indexer(db)('claims_holder', 'claims', ['holder_id']);
  // Oldest first per (product, status); the provider rides along so a queue filtered by it (and its
  // count) reads the index alone.
  await indexer(db)('order_items_queue', 'order_items', ['product_type', 'status', 'created_date', 'id', 'provider']);
  await indexer(db)('remittances_province', 'remittances', ['province_code']);
  await indexer(db)('pickup_remittances_province', 'pickup_remittances', ['ship_province_code']);
  if (dialect === 'postgres') {
    // Delivered on commit, once per distinct payload per transaction: a rolled-back change says nothing.
    await sql`create function crm_notify_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('crm_changes', new.type || ':' || new.doc_id);
        return null;
      end $$`.execute(db);
    await sql`create trigger audit_log_notify after insert on audit_log for each row execute function crm_notify_change()`.execute(db);
  }
}
