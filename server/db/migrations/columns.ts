import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The column shapes migrations share. Each is frozen once a migration uses it: a later schema
 * change is a new migration, never an edit here.
 */

/** An integer primary key the database numbers: an identity on PostgreSQL, AUTOINCREMENT on SQLite. */
export const identity = (dialect: Dialect) => (col: ColumnDefinitionBuilder) =>
  dialect === 'postgres' ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

/** A plain index, named. */
export const indexer = (db: Kysely<unknown>) => (name: string, table: string, columns: string[]) =>
  db.schema.createIndex(name).on(table).columns(columns).execute();

/** An uploaded file's columns after its id and item: what it is, its bytes (base64), who stored it when. */
export const fileColumns = <T extends string>(table: CreateTableBuilder<T, never>) =>
  table
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull());

/** How a delivery ended, after who carried it: who received it, when, the receipt, why not. */
export const deliveryOutcomeColumns = <T extends string>(table: CreateTableBuilder<T, never>) =>
  table
    .addColumn('receiver', 'text')
    .addColumn('delivery_date', 'text')
    .addColumn('notes', 'text')
    .addColumn('receipt_image_url', 'text')
    .addColumn('reason', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull());

/** An exchange rate's columns after its id: the pair, the fee and rate, when they were set. */
export const rateColumns = <T extends string>(table: CreateTableBuilder<T, never>) =>
  table
    .addColumn('base', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('fee', 'double precision', (c) => c.notNull())
    .addColumn('rate', 'double precision', (c) => c.notNull())
    .addColumn('modify_date', 'text', (c) => c.notNull());
