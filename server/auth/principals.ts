import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/database';
import type { Principal } from '../deps';
import { tableWritesOf } from '../db/database';
import { hashToken } from './tokens';
import { displayName } from '../session/accounts';
import { iso } from '../clock';
import type { Group } from '@/api/contract/uaa';

/**
 * Who is behind a bearer token: read in one round trip (the token, its account, the account's
 * groups and their permissions in one query), and remembered so that most requests read nothing:
 * until the next write to one of the tables it is read from (a revoked token, a changed group, a
 * disabled account are all writes to them; a note is not): server/db/table-writes.ts counts them,
 * on PostgreSQL with other instances' commits as the database notifies them, and nothing is
 * remembered while this instance does not hear those notifications.
 * Either way, no longer than the token lives, nor than REMEMBER_MS.
 */

export type PrincipalLookup = { ok: true; principal: Principal; expiresAt: string } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

/** A safety net: even a notification that never came cannot keep a principal longer. */
const REMEMBER_MS = 5 * 60_000;
const MAX_REMEMBERED = 5000;
/** What a principal is read from (the tables migration 0028's triggers watch). */
const SESSION_TABLES = ['oauth_tokens', 'accounts', 'account_groups', 'groups', 'permissions', 'group_permissions'];

/** The token's session in one query; `revoked` also covers a disabled account. */
export async function loadPrincipal(db: Kysely<Database>, token: string, now: number): Promise<PrincipalLookup> {
  const rows = await db
    .selectFrom('oauth_tokens as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .leftJoin('account_groups as ag', 'ag.account_id', 'a.id')
    .leftJoin('groups as g', 'g.id', 'ag.group_id')
    .leftJoin('group_permissions as gp', 'gp.group_id', 'g.id')
    .leftJoin('permissions as p', 'p.id', 'gp.permission_id')
    .select(['t.account_id', 't.family_id', 't.expires_at', 't.revoked_at', 'a.username', 'a.email', 'a.first_name', 'a.last_name', 'a.enabled', 'g.name as group', 'p.name as permission'])
    .where('t.token_hash', '=', hashToken(token))
    .where('t.kind', '=', 'access')
    .orderBy('g.name')
    .orderBy('p.name')
    .execute();
  const first = rows[0];
  if (!first) return { ok: false, reason: 'unknown' };
  if (first.revoked_at || first.enabled !== 1) return { ok: false, reason: 'revoked' };
  if (first.expires_at <= iso(now)) return { ok: false, reason: 'expired' };
  const groups = new Map<string, Group>();
  for (const row of rows) {
    if (!row.group) continue;
    const group = groups.get(row.group) ?? { name: row.group, permissions: [] };
    if (row.permission) group.permissions.push({ name: row.permission });
    groups.set(row.group, group);
  }
  const list = [...groups.values()];
  const principal: Principal = {
    accountId: first.account_id,
    username: first.username,
    email: first.email,
    firstName: first.first_name,
    lastName: first.last_name,
    name: displayName(first.first_name, first.last_name, first.username),
    familyId: first.family_id,
    groups: list,
    permissions: new Set(list.flatMap((g) => g.permissions.map((p) => p.name))),
  };
  return { ok: true, principal, expiresAt: first.expires_at };
}

interface Remembered {
  /** The session tables' writes when it was read (server/db/table-writes.ts). */
  version: string;
  /** Until when (ms): the token's expiry or REMEMBER_MS, whichever comes first. */
  until: number;
  principal: Principal;
}

export interface PrincipalCache {
  /**
   * `write`: the request changes something. Where only notifications keep the cache (PostgreSQL),
   * a write always reads the session again: another instance's sign-out may have committed a moment
   * before its NOTIFY reaches this one, and a revoked session must not write (nor replay a write)
   * anywhere in that moment. Reads may be answered inside it; SQLite's cache is exact either way.
   */
  lookup(token: string, now: number, options?: { write?: boolean }): Promise<PrincipalLookup>;
}

/** One per database handle: the cache of every app on it. */
const caches = new WeakMap<Db, PrincipalCache>();

export function principalCache(db: Db): PrincipalCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = createCache(db)));
  return cache;
}

function createCache(db: Db): PrincipalCache {
  const remembered = new Map<string, Remembered>();
  const tables = tableWritesOf(db.kysely);
  const versionNow = (): string | null => tables?.version(SESSION_TABLES) ?? null;
  /** SQLite counts its writes synchronously: its cache is never behind the database. */
  const exact = db.dialect === 'sqlite';

  return {
    async lookup(token, now, options) {
      const version = versionNow();
      const known = options?.write && !exact ? undefined : remembered.get(token);
      if (known && version !== null && known.version === version && known.until > now) {
        return { ok: true, principal: known.principal, expiresAt: iso(known.until) };
      }
      const found = await loadPrincipal(db.kysely, token, now);
      // Remembered as of the version seen before the read: anything since makes the next lookup read again.
      if (found.ok && version !== null && versionNow() === version) {
        if (remembered.size >= MAX_REMEMBERED) remembered.clear();
        remembered.set(token, { version, until: Math.min(Date.parse(found.expiresAt), now + REMEMBER_MS), principal: found.principal });
      }
      return found;
    },
  };
}
