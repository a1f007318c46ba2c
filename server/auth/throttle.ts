import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/database';
import { underLocks } from '../db/transaction';
import { iso } from '../clock';

export interface ThrottleSettings {
  windowMinutes: number;
  /** Failures of one account from one source: the guesser is stopped, the account is not. */
  maxPairFailures: number;
  /** Failures of one account from every source together: a slower ceiling against guessing from many addresses. */
  maxAccountFailures: number;
  /** Failures from one source across accounts (password spraying); high, so one office proxy does not lock its staff out. */
  maxIpFailures: number;
}

export interface Subjects {
  account: string;
  ip: string;
}

export type Claim = { allowed: true; ids: number[] } | { allowed: false; retryAfterSeconds: number };

const kinds = (settings: ThrottleSettings, subjects: Subjects) => [
  { kind: 'pair' as const, subject: `${subjects.account}|${subjects.ip}`, max: settings.maxPairFailures },
  { kind: 'account' as const, subject: subjects.account, max: settings.maxAccountFailures },
  { kind: 'ip' as const, subject: subjects.ip, max: settings.maxIpFailures },
];

/**
 * Failed sign-ins are counted inside a sliding window against the pair (account, source), the
 * account and the source. An attempt first claims its place, in one transaction that holds a lock
 * on each of the three (server/db/transaction.ts underLocks): it is recorded as a failure and
 * counted with those before it, so thirty attempts at once give at most the limit's password checks
 * and the rest a 429 (a count read before the check and written after it let all thirty through). A refused attempt leaves nothing behind (it checked no password);
 * an allowed one stays counted unless the password was right (`releaseClaim`).
 */
export async function claimAttempt(db: Db, settings: ThrottleSettings, subjects: Subjects, now: number): Promise<Claim> {
  const windowMs = settings.windowMinutes * 60_000;
  const since = iso(now - windowMs);
  const checks = kinds(settings, subjects);
  return underLocks(db, checks.map((check) => `login:${check.kind}:${check.subject}`), async (trx) => {
    let retryAfterMs = 0;
    for (const check of checks) {
      const rows = await trx
        .selectFrom('login_failures')
        .select('created_at')
        .where('subject_kind', '=', check.kind)
        .where('subject', '=', check.subject)
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .limit(check.max)
        .execute();
      // The oldest of the last `max` failures leaves the window first.
      if (rows.length >= check.max) retryAfterMs = Math.max(retryAfterMs, Date.parse(rows[rows.length - 1]!.created_at) + windowMs - now, 1000);
    }
    if (retryAfterMs > 0) return { allowed: false as const, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
    const inserted = await trx
      .insertInto('login_failures')
      .values(checks.map((check) => ({ subject_kind: check.kind, subject: check.subject, created_at: iso(now) })))
      .returning('id')
      .execute();
    return { allowed: true as const, ids: inserted.map((row) => row.id) };
  });
}

/** The password was right: the claim did not fail, and the pair starts afresh. */
export async function releaseClaim(db: Kysely<Database>, claim: { ids: number[] }, subjects: Subjects) {
  await db.deleteFrom('login_failures').where('id', 'in', claim.ids).execute();
  await db.deleteFrom('login_failures').where('subject_kind', '=', 'pair').where('subject', '=', `${subjects.account}|${subjects.ip}`).execute();
}

/** Forgets an account's failures, from every source (a support agent resets the customer's attempts). */
export async function clearAccountFailures(db: Kysely<Database>, account: string) {
  await db
    .deleteFrom('login_failures')
    .where((eb) =>
      eb.or([
        eb.and([eb('subject_kind', '=', 'account'), eb('subject', '=', account)]),
        // Pairs are `account|source`: every key from `account|` up to (not including) `account}`.
        eb.and([eb('subject_kind', '=', 'pair'), eb('subject', '>=', `${account}|`), eb('subject', '<', `${account}}`)]),
      ]),
    )
    .execute();
}

/** Writes a failed or refused sign-in to the security log (ASVS 16.3). */
export async function logSignIn(db: Kysely<Database>, kind: 'signin.failed' | 'signin.throttled', subjects: Subjects, detail: string, now: number) {
  await db.insertInto('security_events').values({ kind, username: subjects.account, client_ip: subjects.ip, detail, created_at: iso(now) }).execute();
}

export async function purgeOldFailures(db: Kysely<Database>, settings: ThrottleSettings, now: number) {
  await db.deleteFrom('login_failures').where('created_at', '<', iso(now - settings.windowMinutes * 60_000)).execute();
}
