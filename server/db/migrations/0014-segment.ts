import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer } from './columns';

/**
 * What the customer data platform (Segment) knows of a customer (spec details §3 "Segment
 * event"): their traits, one JSON object per account, and their event stream, read newest first
 * with a cursor (the last id read).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('segment_traits')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('traits', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('segment_events')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .execute();
  await indexer(db)('segment_events_account', 'segment_events', ['account_id', 'id']);
}
