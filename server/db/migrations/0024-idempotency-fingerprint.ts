import type { Kysely } from 'kysely';

/**
 * An Idempotency-Key is bound to its request (as payment APIs do): the stored answer remembers a
 * fingerprint of the method, path, query and body; the same key with another request is refused
 * (422) and runs nothing. Keys stored before this migration have none and match any request of
 * their route until they expire (24 h).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('fingerprint', 'text', (c) => c.notNull().defaultTo('')).execute();
}
