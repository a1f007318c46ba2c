import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { deliveryOutcomeColumns } from './columns';

/**
 * Pickup cash, prepaid cards and gift cards (issue 5): the pickup remittances with their sender,
 * recipient and shipping address (places by catalogue code), the delivery service's picked-cash
 * info of each pickup, the prepaid cards' destinations and the gift cards of an offer. The 1:1
 * tables are keyed by what they belong to, so no row here needs a generated id.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('pickup_remittances')
    // The delivery service's remittance id (remittanceId, pickupId).
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().unique().references('order_items.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('sender_full_name', 'text', (c) => c.notNull())
    .addColumn('sender_identity_doc_photo_url', 'text')
    .addColumn('recipient_full_name', 'text', (c) => c.notNull())
    .addColumn('recipient_phone_number', 'text')
    .addColumn('ship_recipient_name', 'text', (c) => c.notNull())
    .addColumn('ship_mobile', 'text', (c) => c.notNull())
    .addColumn('ship_land_line', 'text')
    .addColumn('ship_province_code', 'text', (c) => c.notNull().references('provinces.code'))
    .addColumn('ship_municipality_code', 'text', (c) => c.notNull().references('municipalities.code'))
    .addColumn('ship_neighborhood', 'text')
    .addColumn('ship_address', 'text', (c) => c.notNull())
    .addColumn('ship_indications', 'text')
    .addColumn('ship_delivery_from', 'text')
    .addColumn('destination_credit', 'double precision', (c) => c.notNull())
    .addColumn('destination_currency', 'text', (c) => c.notNull())
    .addColumn('fee', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pickup_remittances_order').on('pickup_remittances').columns(['order_id']).execute();

  await db.schema
    .createTable('picked_cash_infos')
    .addColumn('pickup_id', 'integer', (c) => c.primaryKey().references('pickup_remittances.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('assigned_courier_id', 'integer')
    .addColumn('assigned_courier_nickname', 'text')
    .addColumn('assigned_team', 'text')
    .addColumn('delivery_team', 'text')
    .addColumn('delivered_by', 'text')
    .$call(deliveryOutcomeColumns)
    .execute();

  await db.schema
    .createTable('prepaid_cards')
    .addColumn('item_id', 'integer', (c) => c.primaryKey().references('order_items.id').onDelete('cascade'))
    .addColumn('folio', 'text')
    .addColumn('recipient_full_name', 'text', (c) => c.notNull())
    .addColumn('recipient_phone_number', 'text', (c) => c.notNull())
    .addColumn('recipient_province_code', 'text', (c) => c.notNull().references('provinces.code'))
    .addColumn('recipient_municipality_code', 'text', (c) => c.notNull().references('municipalities.code'))
    .addColumn('recipient_neighborhood', 'text')
    .addColumn('recipient_address', 'text', (c) => c.notNull())
    .addColumn('recipient_instruction', 'text')
    .execute();

  await db.schema
    .createTable('gift_cards')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('order_items.id').onDelete('cascade'))
    .addColumn('recipient_email', 'text', (c) => c.notNull())
    .addColumn('claimed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_date', 'text')
    .execute();
  await db.schema.createIndex('gift_cards_item').on('gift_cards').columns(['item_id', 'id']).execute();
}
