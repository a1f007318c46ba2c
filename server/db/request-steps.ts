import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';
import { ApiError } from '../http';
import { iso } from '../clock';

/**
 * Exactly once (issue 24 §3). A request sent with an Idempotency-Key runs with this scope
 * (server/lifecycle/idempotency.ts); each of its transactions (server/db/transaction.ts) is a step,
 * numbered in the order the request runs them, whose result is stored by the step's own
 * transaction. Sent again (a retry after a lost answer, on any instance), each step finds its
 * stored result and returns it without running: the route builds the same answer from the same
 * results, and nothing is done twice, even when the first instance died right after its commit.
 * Two copies at once: the second's claim of the step waits on the first's (a unique key), then
 * replays it. A refusal (a 4xx the work throws) is an answer too: its writes are rolled back to a
 * savepoint and the refusal is stored and replayed like a result.
 */

export interface KeyedRequest {
  key: string;
  /** "METHOD /path": a key is bound to one route… */
  route: string;
  /** …and to one request (method, path, query and body). */
  fingerprint: string;
  /** The signed-in staff member, once the route has checked the token; keys are theirs alone. */
  principalId: () => number | null;
  /** Transactions run so far. */
  steps: number;
  /** Some step was replayed: the answer says so (Idempotent-Replayed). */
  replayed: boolean;
  /** Results older than this (ISO time) are forgotten: the request is a new one. */
  expiredBefore: string;
  now: string;
}

export const keyedRequest = new AsyncLocalStorage<KeyedRequest>();

export const IdempotencyMsg = {
  key: 'Idempotency-Key debe tener de 8 a 100 letras, dígitos, "-" o "_".',
  otherRoute: 'Esta Idempotency-Key ya se usó para otra operación.',
  otherRequest: 'Esta Idempotency-Key ya se usó con otra petición: use una clave nueva para cada petición distinta.',
} as const;

/** Another copy of the request holds the step: run the transaction again, and it will find the result. */
export class StepTaken extends Error {}

/** Which step of the keyed request a transaction is, or null when it is not part of one. */
export function nextStep(): { request: KeyedRequest; principalId: number; step: number } | null {
  const request = keyedRequest.getStore();
  const principalId = request?.principalId() ?? null;
  if (!request || principalId === null) return null;
  return { request, principalId, step: request.steps++ };
}

/** A step's stored outcome: its result (`{ v }` keeps undefined undefined) or the refusal it answered. */
type Outcome<T> = { v: T } | { refused: { status: number; error: string; description: string; headers: Record<string, string> } };

/** A refusal the step stored: the transaction commits it, then the route answers it (server/db/transaction.ts). */
export class StoredRefusal {
  constructor(readonly error: ApiError) {}
}

const outcomeOf = <T>(outcome: Outcome<T>): T | StoredRefusal =>
  'refused' in outcome
    ? new StoredRefusal(new ApiError(outcome.refused.status as 409, outcome.refused.error, outcome.refused.description, outcome.refused.headers))
    : outcome.v;

/**
 * Runs one step in its transaction: its stored outcome if it ran before, else the work, whose
 * outcome is stored with it. A refusal comes back as a StoredRefusal, for the caller to throw once
 * the transaction has committed it.
 */
export async function runStep<T>(trx: Transaction<Database>, at: { request: KeyedRequest; principalId: number; step: number }, work: () => Promise<T>): Promise<T | StoredRefusal> {
  const { request, principalId, step } = at;
  const mine = { principal_id: principalId, key: request.key, step };
  // The claim comes first and reads nothing: on PostgreSQL a read of the (absent) key would make
  // every two keyed transactions at once depend on each other, and SERIALIZABLE would fail one.
  const claim = () =>
    trx
      .insertInto('request_steps')
      .values({ ...mine, route: request.route, fingerprint: request.fingerprint, result: null, created_at: request.now })
      .onConflict((oc) => oc.columns(['principal_id', 'key', 'step']).doNothing())
      .executeTakeFirst()
      .then((inserted) => Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0)
      .catch((error: { code?: string }) => {
        // PostgreSQL: another copy holds the step (this waited for its commit) and this snapshot cannot see it yet.
        if (error.code === '23505' || error.code === '40001') throw new StepTaken();
        throw error;
      });
  if (!(await claim())) {
    const stored = await trx
      .selectFrom('request_steps')
      .select(['route', 'fingerprint', 'result', 'created_at'])
      .where('principal_id', '=', principalId)
      .where('key', '=', request.key)
      .where('step', '=', step)
      .executeTakeFirstOrThrow();
    if (stored.created_at >= request.expiredBefore) {
      if (stored.route !== request.route) throw new ApiError(422, 'invalid_request', IdempotencyMsg.otherRoute);
      if (stored.fingerprint !== request.fingerprint) throw new ApiError(422, 'invalid_request', IdempotencyMsg.otherRequest);
      request.replayed = true;
      return outcomeOf(JSON.parse(stored.result ?? '{}') as Outcome<T>);
    }
    // Forgotten after a day: the request is a new one.
    await trx.deleteFrom('request_steps').where('principal_id', '=', principalId).where('key', '=', request.key).execute();
    await claim();
  }
  await sql`SAVEPOINT step_work`.execute(trx);
  let outcome: Outcome<T>;
  try {
    outcome = { v: await work() };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    await sql`ROLLBACK TO SAVEPOINT step_work`.execute(trx);
    outcome = { refused: { status: error.status, error: error.error, description: error.description, headers: error.headers } };
  }
  await trx.updateTable('request_steps').set({ result: JSON.stringify(outcome) }).where('principal_id', '=', principalId).where('key', '=', request.key).where('step', '=', step).execute();
  return outcomeOf(outcome);
}

/** Results are kept a day: a retry comes within seconds, a day covers any reconnect. */
export const STEP_TTL_MS = 24 * 60 * 60 * 1000;

export const forgetBefore = (now: number) => iso(now - STEP_TTL_MS);
