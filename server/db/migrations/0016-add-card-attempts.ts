import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer } from './columns';

/**
 * A customer's attempts to add a card (spec details §3 "Added-card attempt"): the card as first
 * six and last four, the gateway's message and whether it was added. Attempts are limited
 * (CARD_DECLINES_LIMITED after 10); staff read them from the Logs tab and can reset them.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('add_card_attempts')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('first_six_last_four', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('was_added', 'integer', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await indexer(db)('add_card_attempts_account', 'add_card_attempts', ['account_id', 'id']);
}
