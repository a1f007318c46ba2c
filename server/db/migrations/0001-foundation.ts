import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from './columns';

/** Staff and customer accounts, groups and permissions, tokens, sign-in throttling, the shell's data. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = identity(dialect);

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'integer', id)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('alias', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('register_date', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text')
    .addColumn('city', 'text')
    .addColumn('region', 'text')
    .addColumn('gender', 'text')
    .addColumn('birthday', 'text')
    .addColumn('reliability', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text')
    .addColumn('credit_currency', 'text')
    .addColumn('registered_way', 'text')
    .execute();
  await db.schema.createIndex('accounts_email').on('accounts').column('email').execute();
  await db.schema.createIndex('accounts_phone').on('accounts').column('phone_number').execute();
  await db.schema.createIndex('accounts_register_date').on('accounts').column('register_date').execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('permissions')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('group_permissions')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('group_permissions_pk', ['group_id', 'permission_id'])
    .execute();
  await db.schema
    .createTable('account_groups')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('account_groups_pk', ['account_id', 'group_id'])
    .execute();
  await db.schema.createIndex('account_groups_group').on('account_groups').columns(['group_id', 'account_id']).execute();

  await db.schema
    .createTable('oauth_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_tokens_family').on('oauth_tokens').column('family_id').execute();
  await db.schema.createIndex('oauth_tokens_expires').on('oauth_tokens').column('expires_at').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'integer', id)
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_subject')
    .on('login_failures')
    .columns(['subject_kind', 'subject', 'created_at'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total_price', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('email', 'text')
    .addColumn('ip_origin', 'text')
    .addColumn('device_id', 'text')
    .addColumn('is_client_device_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('app_name', 'text')
    .addColumn('score', 'double precision')
    .addColumn('support_id', 'text')
    .execute();
  await db.schema.createIndex('orders_created').on('orders').column('created_date').execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_date']).execute();
  await db.schema.createIndex('orders_account_created').on('orders').columns(['account_id', 'created_date']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('destination', 'text')
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();
  await db.schema.createIndex('order_items_created').on('order_items').columns(['created_date', 'product_type']).execute();

  await db.schema
    .createTable('kyc_decisions')
    .addColumn('id', 'integer', id)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('partner_ref', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_date_time', 'text', (c) => c.notNull())
    .addColumn('verification_date_time', 'text')
    .addColumn('has_media', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verification_url', 'text')
    .addColumn('decision', 'text')
    .execute();
  await db.schema
    .createIndex('kyc_company_status')
    .on('kyc_decisions')
    .columns(['company_id', 'status', 'created_date_time'])
    .execute();

  await db.schema
    .createTable('fraud_stop_list')
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fraud_stop_list_pk', ['list', 'value'])
    .execute();

  if (dialect === 'sqlite') await sql`PRAGMA optimize`.execute(db);
}
