import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer } from './columns';

/**
 * A customer's recipient directory (spec details §3 "Bank recipient", "Home recipient"): the
 * people they send remittances to, to a bank card or to a home address, read 5 at a time and
 * editable ('Actualizar Datos del Destinatario'); `version` guards an edit against a concurrent one.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = identity(dialect);
  const index = indexer(db);
  await db.schema
    .createTable('bank_recipients')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('neighborhood', 'text')
    .addColumn('municipality', 'text')
    // The province, as the spec's address calls it.
    .addColumn('city', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('identity_card', 'text')
    .addColumn('card_number', 'text', (c) => c.notNull())
    .addColumn('bankname', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index('bank_recipients_account', 'bank_recipients', ['account_id', 'id']);
  await db.schema
    .createTable('home_recipients')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('neighborhood', 'text')
    .addColumn('municipality', 'text', (c) => c.notNull())
    .addColumn('municipality_code', 'text', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('province_code', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addColumn('land_line', 'text')
    .addColumn('indications', 'text')
    .addColumn('delivery_from', 'text')
    .addColumn('delivery_to', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index('home_recipients_account', 'home_recipients', ['account_id', 'id']);
}
