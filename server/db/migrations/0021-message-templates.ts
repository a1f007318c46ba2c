import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from './columns';

/**
 * The messaging provider's WhatsApp templates (spec details §2 "Notify customer", §8): a name, its
 * language and category, and the text with its {{n}} variables. The console reads them through
 * the server, which holds the provider's credential (the original embedded it in the browser).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('message_templates')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .execute();
}
