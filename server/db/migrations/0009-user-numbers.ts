import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from './columns';

/**
 * A customer's phone numbers (spec details §3 "Phone"): one principal (the account's own), others
 * added later; each verified or not, with the verification attempts it used. A number appears
 * once per account. Whether a number is blacklisted is read from the blacklist, not copied here.
 * `version` guards every change against a concurrent one.
 *
 * A database that already holds customers gets each one's own number as its principal phone,
 * verified (the number the customer signed up with, confirmed by SMS at registration).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = identity(dialect);

  await db.schema
    .createTable('user_numbers')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('is_principal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verify_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('user_numbers_account_phone', ['account_id', 'phone_number'])
    .execute();
  await db.schema.createIndex('user_numbers_phone').on('user_numbers').columns(['phone_number']).execute();
  await sql`INSERT INTO user_numbers (account_id, phone_number, country, is_principal, is_verified, verify_attempts, created, version)
            SELECT id, replace(phone_number, '+', ''), coalesce(country_code, 'US'), 1, 1, 0, register_date, 0
            FROM accounts WHERE is_staff = 0 AND phone_number IS NOT NULL AND phone_number <> ''`.execute(db);
}
