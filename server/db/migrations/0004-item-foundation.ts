import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * What every item lifecycle shares: the transitions QA audits (machine, item, from, event, to,
 * actor, time) and the province catalogue of Cuba (remittance addresses and prepaid cards).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('item_transitions')
    .addColumn('id', 'integer', id)
    .addColumn('machine', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('item_transitions_order').on('item_transitions').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('item_transitions_item').on('item_transitions').columns(['item_id', 'id']).execute();
  await db.schema.createIndex('item_transitions_at').on('item_transitions').columns(['at']).execute();

  await db.schema
    .createTable('provinces')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('municipalities')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('province_code', 'text', (c) => c.notNull().references('provinces.code'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('municipalities_province').on('municipalities').columns(['province_code', 'position']).execute();
}
