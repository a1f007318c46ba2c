import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { ApiError } from '../http';
import { iso } from '../clock';
import { sendLogRows } from './log-rows';
import { IDEMPOTENCY_KEY_TTL_MS } from '@/api/contract/idempotency';

/**
 * Exactly once (issue 24 §3). A request sent with an Idempotency-Key runs with this scope
 * (server/lifecycle/idempotency.ts); each of its transactions (server/db/transaction.ts) is a step,
 * numbered in the order the request runs them. Its transaction does the work and, last, inserts
 * the step's outcome in the same commit: an instance that dies after the commit left the outcome
 * stored, one that dies before left nothing done. Sent again (a retry after a lost answer, on any
 * instance), the insert meets the stored outcome: the work is rolled back, and the outcome is looked
 * up (outside any transaction: on PostgreSQL a read of a key inside SERIALIZABLE transactions made
 * every two keyed ones depend on each other) and replayed. Two copies at once: the second's insert
 * waits for the first's commit, then does the same. A refusal (a 4xx the work throws) is an outcome
 * too: nothing was written, and it is stored on its own and replayed.
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

/** Another copy of the request stored the step first: look it up again and replay it. */
export class StepTaken extends Error {}

export interface Step {
  request: KeyedRequest;
  principalId: number;
  step: number;
}

/** Which step of the keyed request a transaction is, or null when it is not part of one. */
export function nextStep(): Step | null {
  const request = keyedRequest.getStore();
  const principalId = request?.principalId() ?? null;
  if (!request || principalId === null) return null;
  return { request, principalId, step: request.steps++ };
}

/** A step's stored outcome: its result (`{ v }` keeps undefined undefined) or the refusal it answered. */
type Outcome<T> = { v: T } | { refused: { status: number; error: string; description: string; headers: Record<string, string> } };

type Reader = Kysely<Database> | Transaction<Database>;
/** The step's stored outcome, or null: a result, or a refusal thrown again. Another route or request with the key is a 422. */
export async function storedOutcome<T>(db: Reader, at: Step): Promise<{ value: T } | null> {
  const { request, principalId, step } = at;
  const stored = await db
    .selectFrom('request_steps')
    .select(['route', 'fingerprint', 'result', 'created_at'])
    .where('principal_id', '=', principalId)
    .where('key', '=', request.key)
    .where('step', '=', step)
    .executeTakeFirst();
  if (!stored) return null;
  if (stored.created_at < request.expiredBefore) {
    // Forgotten after a day: the request is a new one.
    await db.deleteFrom('request_steps').where('principal_id', '=', principalId).where('key', '=', request.key).execute();
    return null;
  }
  if (stored.route !== request.route) throw new ApiError(422, 'invalid_request', IdempotencyMsg.otherRoute);
  if (stored.fingerprint !== request.fingerprint) throw new ApiError(422, 'invalid_request', IdempotencyMsg.otherRequest);
  request.replayed = true;
  const outcome = JSON.parse(stored.result ?? '{}') as Outcome<T>;
  if ('refused' in outcome) throw new ApiError(outcome.refused.status as 409, outcome.refused.error, outcome.refused.description, outcome.refused.headers);
  return { value: outcome.v };
}

/**
 * Stores the step's outcome; inside its transaction for a result, on its own for a refusal. A copy
 * that stored first makes it StepTaken (a unique key: PostgreSQL's 23505, or 40001 when the
 * snapshot could not see it; SQLite's constraint).
 */
export async function storeOutcome(db: Reader, at: Step, outcome: Outcome<unknown>): Promise<void> {
  const { request, principalId, step } = at;
  // The transaction's log rows ride on it (server/db/log-rows.ts): its commit is the next statement.
  await sendLogRows(
    db,
    db.insertInto('request_steps').values({ principal_id: principalId, key: request.key, step, route: request.route, fingerprint: request.fingerprint, result: JSON.stringify(outcome), created_at: request.now }),
  ).catch((error: { code?: string }) => {
      if (error.code === '23505' || error.code === '40001' || String(error.code).startsWith('SQLITE_CONSTRAINT')) throw new StepTaken();
      throw error;
    });
}

/** A refusal the work threw, as it is stored. */
export const refusalOf = (error: ApiError): Outcome<never> => ({ refused: { status: error.status, error: error.error, description: error.description, headers: error.headers } });

/** Results are kept a day (the contract's horizon, which the console's kept keys share). */
export const STEP_TTL_MS = IDEMPOTENCY_KEY_TTL_MS;

export const forgetBefore = (now: number) => iso(now - STEP_TTL_MS);
