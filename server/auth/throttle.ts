import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { iso } from '../clock';

export interface ThrottleSettings {
  windowMinutes: number;
  maxAccountFailures: number;
  maxIpFailures: number;
}

export type ThrottleState = { limited: false } | { limited: true; retryAfterSeconds: number };

/**
 * Failed sign-ins are counted per account and per IP inside a sliding window. Only failures
 * count: successful sign-ins never use up the allowance, and a success clears the account's
 * count. Once either count reaches its limit, every attempt is refused until the window slides,
 * without checking the password (otherwise guessing would go on behind the 429).
 */
export async function throttleState(
  db: Kysely<Database>,
  settings: ThrottleSettings,
  subjects: { account: string; ip: string },
  now: number,
): Promise<ThrottleState> {
  const windowMs = settings.windowMinutes * 60_000;
  const since = iso(now - windowMs);
  const checks = [
    { kind: 'account' as const, subject: subjects.account, max: settings.maxAccountFailures },
    { kind: 'ip' as const, subject: subjects.ip, max: settings.maxIpFailures },
  ];
  let retryAfterMs = 0;
  for (const check of checks) {
    const rows = await db
      .selectFrom('login_failures')
      .select('created_at')
      .where('subject_kind', '=', check.kind)
      .where('subject', '=', check.subject)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(check.max)
      .execute();
    if (rows.length >= check.max) {
      // The oldest of the last `max` failures leaves the window first.
      const oldest = Date.parse(rows[rows.length - 1]!.created_at);
      retryAfterMs = Math.max(retryAfterMs, oldest + windowMs - now);
    }
  }
  return retryAfterMs > 0 ? { limited: true, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : { limited: false };
}

export async function recordFailure(db: Kysely<Database>, subjects: { account: string; ip: string }, now: number) {
  await db
    .insertInto('login_failures')
    .values([
      { subject_kind: 'account', subject: subjects.account, created_at: iso(now) },
      { subject_kind: 'ip', subject: subjects.ip, created_at: iso(now) },
    ])
    .execute();
}

export async function clearAccountFailures(db: Kysely<Database>, account: string) {
  await db.deleteFrom('login_failures').where('subject_kind', '=', 'account').where('subject', '=', account).execute();
}

export async function purgeOldFailures(db: Kysely<Database>, settings: ThrottleSettings, now: number) {
  await db.deleteFrom('login_failures').where('created_at', '<', iso(now - settings.windowMinutes * 60_000)).execute();
}
