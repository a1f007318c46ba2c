import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer } from './columns';

/**
 * What a customer did, as the customer page's tabs read it (spec details §3; credit movements are
 * migration 0003's credit_transactions): credit transfers and payment requests, sign-ins (with a pin or with a password), pin sign-in
 * attempts and the campaigns the customer is in. Each is read by account, newest first: every
 * table has an index on (account, date).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = identity(dialect);
  const index = indexer(db);

  await db.schema
    .createTable('credit_transfers')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('beneficiary_account_id', 'integer')
    .addColumn('beneficiary', 'text', (c) => c.notNull())
    .addColumn('beneficiary_phone', 'text')
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('credit_type', 'text', (c) => c.notNull())
    .addColumn('destination_amount', 'double precision', (c) => c.notNull())
    .addColumn('destination_currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await index('credit_transfers_account', 'credit_transfers', ['account_id', 'created']);

  await db.schema
    .createTable('payment_requests')
    .addColumn('id', 'integer', id)
    .addColumn('requester_account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('requester_phone', 'text')
    .addColumn('requester_name', 'text', (c) => c.notNull())
    .addColumn('receiver_account_id', 'integer')
    .addColumn('receiver_phone', 'text')
    .addColumn('receiver_name', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('expiration_date', 'text', (c) => c.notNull())
    .execute();
  await index('payment_requests_requester', 'payment_requests', ['requester_account_id', 'created_date']);
  await index('payment_requests_receiver', 'payment_requests', ['receiver_account_id', 'created_date']);

  await db.schema
    .createTable('sign_ins')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // PIN: passwordless, with an SMS pin, from the app; PASSWORD: from a browser.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text')
    .addColumn('pin', 'text')
    .addColumn('login_date', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('is_only_client_device_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'text')
    .addColumn('advertising_id', 'text')
    .addColumn('platform', 'text')
    .addColumn('version', 'text')
    .addColumn('app_version', 'text')
    .addColumn('app_name', 'text')
    .addColumn('browser', 'text')
    .addColumn('client_id', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('user_timezone', 'text')
    .execute();
  await index('sign_ins_account', 'sign_ins', ['account_id', 'kind', 'login_date']);

  await db.schema
    .createTable('pin_attempts')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('phone_number', 'text')
    .addColumn('advertising_id', 'text')
    .addColumn('device_id', 'text')
    .addColumn('pin', 'text')
    .addColumn('pin_created_date', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_login_attempt_date', 'text')
    .addColumn('country', 'text')
    .addColumn('ip', 'text')
    .addColumn('client_id', 'text')
    .execute();
  await index('pin_attempts_account', 'pin_attempts', ['account_id', 'id']);

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'integer', id)
    .addColumn('campaign_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text')
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('campaign_users')
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('campaign_users_pk', ['account_id', 'campaign_id'])
    .execute();
}
