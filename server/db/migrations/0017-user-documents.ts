import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer } from './columns';

/**
 * A customer's identity documents (spec details §3 "User document"): type, review status, who
 * created and last changed it and when, and its photo (kept here, served at its URL by `file_id`).
 * A deleted document keeps its row (status DELETED) for the log. `version` guards every change.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('user_documents')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('modified_date', 'text')
    .addColumn('modified_by', 'text')
    .addColumn('file_id', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await indexer(db)('user_documents_account', 'user_documents', ['account_id', 'id']);
}
