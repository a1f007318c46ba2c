import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';
import type { Db } from './database';
import { ApiError, conflict } from '../http';
import { nextStep, refusalOf, storedOutcome, storeOutcome, StepTaken, type Step } from './request-steps';
import { Msg } from '@/domain/messages';
import { holdLogRows, sendLogRows } from './log-rows';
import { unavailable } from './unavailable';

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
 * (server/db/request-steps.ts): its outcome is stored by its own commit and replayed when the
 * request comes again.
 */
export async function inTransaction<T>(db: Pick<Db, 'kysely' | 'dialect'>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const step = nextStep();
  return step ? keyedStep(db, step, work) : transaction(db, work);
}

/** A step of a keyed request: its stored outcome, or the work with its outcome stored by the same commit. */
async function keyedStep<T>(db: Pick<Db, 'kysely' | 'dialect'>, step: Step, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    // A key is almost always new: the first attempt does the work and stores its outcome; only when
    // that meets a stored one (a retry, a copy at the same time) is it looked up and replayed, the
    // work rolled back.
    const stored = attempt > 1 ? await storedOutcome<T>(db.kysely, step) : null;
    if (stored) return stored.value;
    let refused: ApiError | null = null;
    try {
      return await transaction(db, async (trx) => {
        refused = null;
        const value = await work(trx).catch((error: unknown) => {
          if (error instanceof ApiError && error.status < 500) refused = error;
          throw error;
        });
        await storeOutcome(trx, step, { v: value });
        return value;
      });
    } catch (error) {
      // Another copy of the request stored this step first: replay it.
      if (error instanceof StepTaken && attempt < ATTEMPTS) continue;
      if (!refused || error !== refused) throw error;
      // The work refused and wrote nothing: the refusal is the step's outcome, unless a copy stored one first.
      try {
        await storeOutcome(db.kysely, step, refusalOf(refused));
      } catch (taken) {
        if (taken instanceof StepTaken && attempt < ATTEMPTS) continue;
        throw taken;
      }
      throw refused;
    }
  }
}

async function transaction<T>(db: Pick<Db, 'kysely' | 'dialect'>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return db.kysely.transaction().execute(work);
  for (let attempt = 1; ; attempt++) {
    // Set once the work and its last statement are done: an error after it is the COMMIT's.
    let committing = false;
    try {
      return await db.kysely
        .transaction()
        .setIsolationLevel('serializable')
        .execute(async (trx) => {
          const value = await withLogRows(work)(trx);
          committing = true;
          return value;
        });
    } catch (error) {
      // The connection was lost at COMMIT (the primary died after its synchronous standby had the
      // commit, or before): the change may have been saved, and the answer must not say otherwise.
      // A retry with the same Idempotency-Key is still safe (the step's outcome rides on that commit).
      const lost = committing ? unavailable(error) : null;
      if (lost) throw new ApiError(503, 'unavailable', Msg.commitUnknown, lost.headers);
      const code = codeOf(error);
      if (RETRYABLE.has(code) && attempt < ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
        continue;
      }
      if (error instanceof StepTaken) throw error;
      if (RETRYABLE.has(code) || code === '23505') throw conflict(Msg.concurrentWrite);
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
    .execute(
      withLogRows(async (trx) => {
        for (const key of [...new Set(keys)].sort()) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
        return work(trx);
      }),
    );
}

/** PostgreSQL: the work's log rows ride on its last statement, or go in one before COMMIT (server/db/log-rows.ts). */
function withLogRows<T>(work: (trx: Transaction<Database>) => Promise<T>) {
  return async (trx: Transaction<Database>): Promise<T> => {
    holdLogRows(trx);
    const value = await work(trx);
    await sendLogRows(trx);
    return value;
  };
}
