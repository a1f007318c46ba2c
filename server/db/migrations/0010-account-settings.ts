import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * A customer account's settings (spec details §3 "Account data"): the sign-in pin, the
 * promotions it accepts per channel, its calling route and DID group, the 3D Secure strategy and
 * TuBolsillo. One row per customer; `version` guards every change against a concurrent one.
 *
 * A database that already holds customers gets each one the defaults a new account has.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('account_settings')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('pin', 'text')
    .addColumn('send_promotions_sms', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('send_promotions_email', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('send_promotions_whatsapp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_promotions_calls', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('default_call_route', 'text')
    .addColumn('value_3ds', 'text', (c) => c.notNull().defaultTo('NOT_REQUIRED'))
    .addColumn('group_did', 'text')
    .addColumn('did_mandatory', 'integer')
    .addColumn('tubolsillo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO account_settings (account_id) SELECT id FROM accounts WHERE is_staff = 0`.execute(db);
}
