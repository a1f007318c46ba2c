import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer } from './columns';

/**
 * The call detail (spec details §2 "Call detail", §3 "Call", "Contact", §7): the customer's
 * contacts (the Contacto tab names who a call went to), the returns of a call's cost (full or
 * partial, as FREE_MIN or CALL_CREDIT), and on each call the value returned so far, which every
 * return claims (a lost race is a 409) and which never exceeds the call's bill.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('call_contacts')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await indexer(db)('call_contacts_account_number', 'call_contacts', ['account_id', 'prefix', 'phone']);
  await db.schema
    .createTable('call_returns')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('call_id', 'integer', (c) => c.notNull().references('calls.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('credit_type', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .execute();
  await indexer(db)('call_returns_call', 'call_returns', ['call_id']);
  await db.schema.alterTable('calls').addColumn('returned_value', 'double precision', (c) => c.notNull().defaultTo(0)).execute();
  await indexer(db)('calls_called_station', 'calls', ['called_station', 'start_time']);
}
