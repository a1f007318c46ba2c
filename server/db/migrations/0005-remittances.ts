import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { indexer, fileColumns, deliveryOutcomeColumns } from './columns';

/**
 * Bank and home remittances: the remittance behind each item (sender, recipient, shipping
 * address, destination credit and currency, fee, service type, bank identity data), the bank's
 * answers to transfers, the delivery service's delivery info and couriers, and uploaded images.
 * No identity columns: every key is given (item ids, the bank's references, file ids), so the
 * seed's explicit ids never collide with PostgreSQL sequences.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const index = indexer(db);

  await db.schema
    .createTable('remittances')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('sender_full_name', 'text', (c) => c.notNull())
    .addColumn('sender_identity_doc_photo_url', 'text')
    .addColumn('recipient_full_name', 'text', (c) => c.notNull())
    .addColumn('recipient_identity_card', 'text')
    .addColumn('recipient_phone_number', 'text')
    .addColumn('recipient_bank_name', 'text')
    .addColumn('province_code', 'text', (c) => c.notNull().references('provinces.code'))
    .addColumn('municipality_code', 'text', (c) => c.notNull().references('municipalities.code'))
    .addColumn('neighborhood', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text')
    .addColumn('land_line', 'text')
    .addColumn('indications', 'text')
    .addColumn('delivery_from', 'text')
    // Null until priced: a seeded home remittance is priced from its item (amount and currency) when read.
    .addColumn('destination_credit', 'double precision')
    .addColumn('destination_currency', 'text')
    .addColumn('fee', 'double precision')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('service_type', 'text', (c) => c.notNull().defaultTo('Normal'))
    .addColumn('bank_refusal', 'text')
    .execute();
  await index('remittances_order', 'remittances', ['order_id']);

  await db.schema
    .createTable('bank_transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('remittances.id').onDelete('cascade'))
    .addColumn('card_number', 'text')
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('transferred', 'integer', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text')
    .execute();
  await index('bank_transfers_item', 'bank_transfers', ['item_id', 'requested_at']);

  await db.schema
    .createTable('couriers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nickname', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('team', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('home_deliveries')
    .addColumn('item_id', 'integer', (c) => c.primaryKey().references('remittances.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('assigned_courier_id', 'integer', (c) => c.references('couriers.id'))
    .addColumn('assigned_team', 'text')
    .addColumn('delivered_by_courier_id', 'integer', (c) => c.references('couriers.id'))
    .addColumn('delivery_team', 'text')
    .$call(deliveryOutcomeColumns)
    .execute();

  await db.schema
    .createTable('remittance_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('remittances.id').onDelete('cascade'))
    .$call(fileColumns)
    .execute();
  await index('remittance_files_item', 'remittance_files', ['item_id']);
}
