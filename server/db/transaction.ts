import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';
import type { Db } from './database';
import { conflict } from '../http';
import { nextStep, runStep, StepTaken, StoredRefusal } from './request-steps';
import { Msg } from '@/domain/messages';

/** PostgreSQL's answers to two transactions that cannot both be right (serialization failure, deadlock). */
const RETRYABLE = new Set(['40001', '40P01']);
/** How many times a write that lost a race is run again before the person is told to retry. */
const ATTEMPTS = 5;

const codeOf = (error: unknown) => (typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '');

/**
 * Every write of the server runs here. SQLite has one writer (the server's single connection
 * runs one transaction at a time), so each transaction already sees the ones before it. On
 * PostgreSQL several connections (and several server instances) write at once: a transaction
 * runs SERIALIZABLE, and one that loses a race is run again from the start, so it re-reads what
 * the winner wrote and the chart refuses it in its own words (two full returns of one call: the
 * second reads the call returned and gets the same 409 as on SQLite). A race that still loses
 * after a few runs, or a unique key taken meanwhile, is a 409 rather than a 500.
 *
 * Inside a request sent with an Idempotency-Key the transaction is one step of it
 * (server/db/request-steps.ts): its result is stored with it and replayed when the request comes again.
 */
export async function inTransaction<T>(db: Pick<Db, 'kysely' | 'dialect'>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const step = nextStep();
  if (!step) return transaction(db, work);
  // A refusal the step stored (now, or the first time) is answered once its transaction committed.
  const outcome = await transaction(db, (trx) => runStep(trx, step, () => work(trx)));
  if (outcome instanceof StoredRefusal) throw outcome.error;
  return outcome;
}

async function transaction<T>(db: Pick<Db, 'kysely' | 'dialect'>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return db.kysely.transaction().execute(work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.kysely.transaction().setIsolationLevel('serializable').execute(work);
    } catch (error) {
      const code = codeOf(error);
      // Another copy of this request took the step: run again to find (and replay) its result.
      if (error instanceof StepTaken && attempt < ATTEMPTS * 4) continue;
      if (RETRYABLE.has(code) && attempt < ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
        continue;
      }
      if (RETRYABLE.has(code) || code === '23505' || error instanceof StepTaken) throw conflict(Msg.concurrentWrite);
      throw error;
    }
  }
}

/**
 * A short transaction that counts and then writes under locks of its own (the sign-in throttle): on
 * PostgreSQL it takes an advisory lock per key (in a fixed order: no deadlock) and runs READ
 * COMMITTED, so each statement after the locks sees what the previous holder committed. Attempts
 * at once then wait their turn instead of failing as SERIALIZABLE transactions that read the same
 * counts (eighteen sign-ins from one office address gave 409s). SQLite has one writer already.
 */
export async function underLocks<T>(db: Pick<Db, 'kysely' | 'dialect'>, keys: readonly string[], work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return db.kysely.transaction().execute(work);
  return db.kysely
    .transaction()
    .setIsolationLevel('read committed')
    .execute(async (trx) => {
      for (const key of [...new Set(keys)].sort()) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
      return work(trx);
    });
}
