import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer } from './columns';

/**
 * The security log (ASVS 16.3, issue 13 §1): every failed sign-in and every attempt refused by the
 * throttle, with who was tried, from where, and why. Kept apart from login_failures, which only
 * counts failures inside the throttle's window and is purged as the window slides.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('security_events')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await indexer(db)('security_events_time', 'security_events', ['created_at']);
}
