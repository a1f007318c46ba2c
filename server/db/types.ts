import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * The database as the server's code takes it: a transaction of `inTransaction` (server/db/
 * transaction.ts), or either that or the pool for code that only reads. The generic mover and
 * every feature name them from here, so neither imports the other for a type.
 */

/** A transaction over every table. */
export type Trx = Transaction<Database>;

/** What a read runs on: a transaction, or the pool outside one. */
export type Reader = Trx | Kysely<Database>;
