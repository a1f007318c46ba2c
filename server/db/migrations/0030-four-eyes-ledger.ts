import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer } from './columns';

/**
 * Issue 28 §4, four-eyes that cannot be split. The ledger of what four-eyes rows moved without a
 * second person (one row per record moved, written by the move's own transaction): the threshold
 * weighs a request with what the same person did of the same kind to the same customer or order
 * within the rolling window. An approval request keeps the earlier actions it was weighed with.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const index = indexer(db);
  await db.schema
    .createTable('four_eyes_ledger')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    // The kind the window groups (src/domain/approvals.ts fourEyesKind), and the row that moved.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('chart', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    // The customer or order (the action log's document) and the entity moved.
    .addColumn('doc_code', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // At the rates of the moment it was done; null: no rate (the sum then cannot be weighed and waits).
    .addColumn('amount_usd', 'double precision')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .execute();
  // The window's read: one person, one kind, one document, since a time.
  await index('four_eyes_ledger_window', 'four_eyes_ledger', ['actor_id', 'kind', 'doc_code', 'doc_id', 'at']);
  // The earlier actions a waiting request was weighed with, and their sum with it (JSON; null: none).
  await db.schema.alterTable('approval_requests').addColumn('window_detail', 'text').execute();
}
