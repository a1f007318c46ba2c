import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from './columns';
import { CUBA, municipalityCode } from '../cuba';

/**
 * What every item lifecycle shares: the transitions QA audits (machine, item, from, event, to,
 * actor, time) and the province catalogue of Cuba (remittance addresses and prepaid cards).
 * The catalogue is reference data, not demo data: every database gets it here.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = identity(dialect);

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

  const k = db as Kysely<{ provinces: { code: string; name: string; position: number }; municipalities: { code: string; province_code: string; name: string; position: number } }>;
  await k.insertInto('provinces').values(CUBA.map((p, position) => ({ code: p.code, name: p.name, position }))).execute();
  await k
    .insertInto('municipalities')
    .values(CUBA.flatMap((p) => p.municipalities.map((name, position) => ({ code: municipalityCode(p.code, position), province_code: p.code, name, position }))))
    .execute();
}
