import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer, rateColumns } from './columns';

/**
 * The list screens: item, payment, call and charge-order tables; settings and extras reference
 * data; the action log and the audit trail every mutation writes. Indexes follow the filters:
 * each single filter of each list is served by an index that also orders by date.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = identity(dialect);
  const index = indexer(db);

  // Orders: the gateway (pasarela) and the customer-facing order code.
  await db.schema.alterTable('orders').addColumn('pasarela', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('origin_order_id', 'text').execute();
  await index('orders_client_created', 'orders', ['client_id', 'created_date']);
  await index('orders_pasarela_created', 'orders', ['pasarela', 'created_date']);
  await index('orders_ip_created', 'orders', ['ip_origin', 'created_date']);
  await index('orders_email', 'orders', ['email', 'created_date']);
  await index('orders_device', 'orders', ['device_id', 'created_date']);
  await index('orders_support', 'orders', ['support_id']);
  await index('orders_origin', 'orders', ['origin_order_id']);

  // Items: the account (user id filter of the items screen) and what they deliver.
  await db.schema.alterTable('order_items').addColumn('account_id', 'integer').execute();
  await db.schema.alterTable('order_items').addColumn('provider', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('tracking_number', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.dropIndex('order_items_created').execute();
  await index('order_items_created', 'order_items', ['created_date']);
  // Covering (order_id last): the orders search pages and counts distinct orders from the index alone.
  await index('order_items_type_created', 'order_items', ['product_type', 'created_date', 'order_id']);
  await index('order_items_type_currency_created', 'order_items', ['product_type', 'currency', 'created_date', 'order_id']);
  await index('order_items_status_created', 'order_items', ['status', 'created_date', 'order_id']);
  await index('order_items_destination', 'order_items', ['destination', 'created_date', 'order_id']);
  await index('order_items_account_created', 'order_items', ['account_id', 'created_date']);

  await db.schema
    .createTable('payment_orders')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('payment_method_type', 'text', (c) => c.notNull())
    .addColumn('nonce_type', 'text')
    .addColumn('payment_gateway', 'text')
    .addColumn('card_type', 'text')
    .addColumn('first_six', 'text')
    .addColumn('last_four', 'text')
    .addColumn('is_debit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issuing_bank', 'text')
    .addColumn('unique_number_identifier', 'text')
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .execute();
  await index('payment_orders_order', 'payment_orders', ['order_id']);
  await index('payment_orders_card', 'payment_orders', ['first_six', 'last_four', 'order_id']);

  await db.schema
    .createTable('calls')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('src', 'text')
    .addColumn('called_station', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('session_time', 'integer', (c) => c.notNull())
    .addColumn('session_bill', 'double precision', (c) => c.notNull())
    .addColumn('nas_ip_address', 'text')
    .addColumn('min_free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('terminate_cause_id', 'integer', (c) => c.notNull())
    .addColumn('dnid', 'text')
    .addColumn('id_trunk', 'integer')
    .addColumn('id_tariff_plan', 'integer')
    .addColumn('id_tariff_group', 'integer')
    .execute();
  await index('calls_start', 'calls', ['start_time']);
  await index('calls_account_start', 'calls', ['account_id', 'start_time']);
  await index('calls_called_start', 'calls', ['called_station', 'start_time']);
  await index('calls_src_start', 'calls', ['src', 'start_time']);
  await index('calls_cause_start', 'calls', ['terminate_cause_id', 'start_time']);

  await db.schema
    .createTable('charge_orders')
    .addColumn('id', 'integer', id)
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('origin_order_id', 'text', (c) => c.notNull())
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total_price', 'double precision', (c) => c.notNull())
    .addColumn('pasarela', 'integer')
    .addColumn('first_six', 'text')
    .addColumn('last_four', 'text')
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();
  await index('charge_orders_company_created', 'charge_orders', ['company', 'created_date']);
  await index('charge_orders_account_created', 'charge_orders', ['account_id', 'created_date']);
  await index('charge_orders_origin', 'charge_orders', ['origin_order_id']);
  await index('charge_orders_app_created', 'charge_orders', ['app_name', 'created_date']);
  await index('charge_orders_status_created', 'charge_orders', ['status', 'created_date']);
  await index('charge_orders_pasarela_created', 'charge_orders', ['pasarela', 'created_date']);
  await index('charge_orders_card', 'charge_orders', ['first_six', 'last_four', 'created_date']);
  await index('charge_orders_email', 'charge_orders', ['email', 'created_date']);

  // Customer search: names and e-mail by prefix (case-insensitive), country, state.
  if (dialect === 'sqlite') {
    await sql`CREATE INDEX accounts_first_name ON accounts (first_name COLLATE NOCASE)`.execute(db);
    await sql`CREATE INDEX accounts_last_name ON accounts (last_name COLLATE NOCASE)`.execute(db);
    await sql`CREATE INDEX accounts_email_nocase ON accounts (email COLLATE NOCASE)`.execute(db);
  } else {
    await sql`CREATE INDEX accounts_first_name ON accounts (lower(first_name) text_pattern_ops)`.execute(db);
    await sql`CREATE INDEX accounts_last_name ON accounts (lower(last_name) text_pattern_ops)`.execute(db);
    await sql`CREATE INDEX accounts_email_nocase ON accounts (lower(email) text_pattern_ops)`.execute(db);
  }
  // Single-column indexes keep rows in id order (the rowid ends every entry): a page streams.
  await index('accounts_country', 'accounts', ['country_code']);
  await index('accounts_enabled', 'accounts', ['enabled']);

  await db.schema
    .createTable('exchange_rates')
    .addColumn('id', 'integer', id)
    .$call(rateColumns)
    .addUniqueConstraint('exchange_rates_pair', ['base', 'currency'])
    .execute();
  await db.schema
    .createTable('exchange_rate_history')
    .addColumn('id', 'integer', id)
    .$call(rateColumns)
    .execute();
  await index('exchange_rate_history_date', 'exchange_rate_history', ['modify_date']);

  await db.schema.alterTable('kyc_decisions').addColumn('verification_type', 'text').execute();
  await index('kyc_company_created', 'kyc_decisions', ['company_id', 'created_date_time']);
  await index('kyc_partner_ref', 'kyc_decisions', ['company_id', 'partner_ref', 'created_date_time']);

  await db.schema
    .createTable('sms_configs')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sms_providers')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .execute();

  await db.schema
    .createTable('blacklist_entries')
    .addColumn('id', 'integer', id)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('created', 'text', (c) => c.notNull())
    .addUniqueConstraint('blacklist_entries_value', ['type', 'value'])
    .execute();
  await index('blacklist_entries_created', 'blacklist_entries', ['created']);
  await index('blacklist_entries_value_search', 'blacklist_entries', ['value']);
  await index('blacklist_entries_account', 'blacklist_entries', ['account_id']);

  await db.schema
    .createTable('blacklist_recipients')
    .addColumn('id', 'integer', id)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text')
    .addUniqueConstraint('blacklist_recipients_value', ['type', 'value'])
    .execute();
  await index('blacklist_recipients_created', 'blacklist_recipients', ['created']);

  await db.schema
    .createTable('countries')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('mask', 'text')
    .addColumn('priority', 'integer', (c) => c.notNull())
    .execute();
  await index('countries_priority', 'countries', ['priority', 'name']);
  await db.schema
    .createTable('country_prefixes')
    .addColumn('id', 'integer', id)
    .addColumn('country_id', 'integer', (c) => c.notNull().references('countries.id').onDelete('cascade'))
    .addColumn('prefix', 'text', (c) => c.notNull())
    .execute();
  await index('country_prefixes_country', 'country_prefixes', ['country_id']);

  // What staff did: the action log (only the changed fields) and the audit trail.
  await db.schema
    .createTable('action_logs')
    .addColumn('id', 'integer', id)
    .addColumn('doc_code', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('canal', 'text', (c) => c.notNull())
    .addColumn('input', 'text')
    .addColumn('executor_id', 'integer')
    .addColumn('executor_email', 'text')
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await index('action_logs_doc', 'action_logs', ['doc_code', 'doc_id', 'date']);
  await index('action_logs_code_date', 'action_logs', ['doc_code', 'date']);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', id)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await index('audit_log_doc', 'audit_log', ['type', 'doc_id', 'at']);
}
