import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { fileColumns } from './columns';

/**
 * Uploaded images belong to an item, not only to a remittance: a pickup's delivery receipt is an
 * upload like a home delivery's. The files move from `remittance_files` (whose item referenced
 * `remittances`) to `item_files` (item referencing `order_items`), every stored file kept; both
 * engines, no constraint names needed.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('item_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('order_items.id').onDelete('cascade'))
    .$call(fileColumns)
    .execute();
  await sql`INSERT INTO item_files (id, item_id, kind, content_type, size, data, created_at, created_by)
            SELECT id, item_id, kind, content_type, size, data, created_at, created_by FROM remittance_files`.execute(db);
  await db.schema.dropTable('remittance_files').execute();
  await db.schema.createIndex('item_files_item').on('item_files').columns(['item_id']).execute();
}
