import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { iso } from '../clock';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface TokenSettings {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues an access and a refresh token in one family (a new family for a sign-in). */
export async function issueTokens(
  db: Kysely<Database>,
  settings: TokenSettings,
  grant: { accountId: number; clientId: string; deviceId: string | null; familyId?: string; now: number },
): Promise<IssuedTokens> {
  const familyId = grant.familyId ?? randomUUID();
  const accessToken = newToken();
  const refreshToken = newToken();
  const common = {
    family_id: familyId,
    account_id: grant.accountId,
    client_id: grant.clientId,
    device_id: grant.deviceId,
    created_at: iso(grant.now),
    used_at: null,
    revoked_at: null,
  };
  await db
    .insertInto('oauth_tokens')
    .values([
      { ...common, kind: 'access', token_hash: hashToken(accessToken), expires_at: iso(grant.now + settings.accessTokenTtlSeconds * 1000) },
      { ...common, kind: 'refresh', token_hash: hashToken(refreshToken), expires_at: iso(grant.now + settings.refreshTokenTtlSeconds * 1000) },
    ])
    .execute();
  return { accessToken, refreshToken, expiresIn: settings.accessTokenTtlSeconds };
}

export type AccessCheck =
  | { ok: true; accountId: number; familyId: string; clientId: string; expiresAt: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

export async function checkAccessToken(db: Kysely<Database>, token: string, now: number): Promise<AccessCheck> {
  const row = await db
    .selectFrom('oauth_tokens')
    .select(['account_id', 'family_id', 'client_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', 'access')
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.expires_at <= iso(now)) return { ok: false, reason: 'expired' };
  return { ok: true, accountId: row.account_id, familyId: row.family_id, clientId: row.client_id, expiresAt: row.expires_at };
}

export type RefreshOutcome =
  | { ok: true; accountId: number; familyId: string; deviceId: string | null }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'wrong_client' };

/**
 * Spends a refresh token. A token is spent once: the update only succeeds while `used_at` is
 * null, so two concurrent refreshes cannot both win. Presenting a spent token again means it
 * leaked: the whole family (every access and refresh token of that sign-in) is revoked.
 */
export async function spendRefreshToken(
  db: Kysely<Database>,
  token: string,
  clientId: string,
  now: number,
): Promise<RefreshOutcome> {
  const hash = hashToken(token);
  const row = await db
    .selectFrom('oauth_tokens')
    .select(['id', 'account_id', 'family_id', 'client_id', 'device_id', 'expires_at', 'used_at', 'revoked_at'])
    .where('token_hash', '=', hash)
    .where('kind', '=', 'refresh')
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.client_id !== clientId) return { ok: false, reason: 'wrong_client' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.used_at) {
    await revokeFamily(db, row.family_id, now);
    return { ok: false, reason: 'reused' };
  }
  if (row.expires_at <= iso(now)) return { ok: false, reason: 'expired' };
  const spent = await db
    .updateTable('oauth_tokens')
    .set({ used_at: iso(now) })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    await revokeFamily(db, row.family_id, now);
    return { ok: false, reason: 'reused' };
  }
  return { ok: true, accountId: row.account_id, familyId: row.family_id, deviceId: row.device_id };
}

export async function revokeFamily(db: Kysely<Database>, familyId: string, now: number): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ revoked_at: iso(now) })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Every token of an account stops working (a forced logout, a disabled account); answers how many were live. */
export async function revokeAccount(db: Kysely<Database>, accountId: number, now: number): Promise<number> {
  const revoked = await db
    .updateTable('oauth_tokens')
    .set({ revoked_at: iso(now) })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows);
}

/** Expired tokens are useless; removing them keeps the table small. */
export async function purgeExpiredTokens(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('oauth_tokens').where('expires_at', '<', iso(now - 86_400_000)).execute();
}
