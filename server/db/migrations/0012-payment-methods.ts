import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer } from './columns';

/**
 * A customer's saved payment methods (spec details §3 "Payment method"): cards with their
 * verification (cents test, papers), visibility and the tokens each gateway holds for them.
 * Whether a card is blacklisted is read from the blacklist by its unique number identifier.
 * `version` guards the card actions of the customer's action table.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = identity(dialect);
  const index = indexer(db);
  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('payment_method_type', 'text', (c) => c.notNull())
    .addColumn('caption', 'text', (c) => c.notNull())
    .addColumn('first_six', 'text', (c) => c.notNull())
    .addColumn('last_four', 'text', (c) => c.notNull())
    .addColumn('expiration_month', 'integer', (c) => c.notNull())
    .addColumn('expiration_year', 'integer', (c) => c.notNull())
    .addColumn('enable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_verify_date', 'text')
    .addColumn('cents', 'integer')
    .addColumn('cents_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_cents_date', 'text')
    .addColumn('last_cents_vigente', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('papers_verification_status', 'text')
    .addColumn('is_debit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issuing_bank', 'text')
    .addColumn('unique_number_identifier', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index('payment_methods_account', 'payment_methods', ['account_id', 'created']);
  await db.schema
    .createTable('payment_method_tokens')
    .addColumn('payment_method_id', 'integer', (c) => c.notNull().references('payment_methods.id').onDelete('cascade'))
    .addColumn('payment_system_id', 'integer', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_method_tokens_pk', ['payment_method_id', 'payment_system_id'])
    .execute();
}
