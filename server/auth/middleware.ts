import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppDeps, AppEnv, Principal } from '../deps';
import { checkAccessToken } from './tokens';
import { writesSoFar } from '../db/database';
import { iso } from '../clock';
import { acceptsKey, sessionServiceKeys } from './service-keys';
import { groupsOf, displayName } from '../session/accounts';
import { ApiError, accessDenied, invalidToken } from '../http';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';

/**
 * The client address: the socket's, or, behind `trustProxy` proxies, the address the outermost
 * of them saw: X-Forwarded-For's entry that many hops from the right. Entries further left are
 * whatever the client wrote, so rotating them does not make a new client.
 */
export function forwardedClient(header: string | undefined, hops: number): string | null {
  const entries = (header ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  if (hops <= 0 || entries.length === 0) return null;
  return entries[Math.max(0, entries.length - hops)] ?? null;
}

export function clientIp(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let ip = 'unknown';
    if (deps.config.trustProxy > 0) {
      ip = forwardedClient(c.req.header('x-forwarded-for'), deps.config.trustProxy) ?? ip;
    } else {
      try {
        ip = getConnInfo(c).remote.address ?? ip;
      } catch {
        // app.request() in tests has no socket.
      }
    }
    c.set('clientIp', ip);
    await next();
  };
}

type KnownPrincipal = { writes: number; expiresAt: string; principal: Principal };
/** Per database: the principals of recent tokens, as of a number of writes (server/db/database.ts writesSoFar). */
const principalsByDb = new WeakMap<object, Map<string, KnownPrincipal>>();

/**
 * Every /secured path needs a live bearer token; the principal is loaded once per request. On
 * SQLite it is remembered until the next write of any kind (a revoked token, a changed group, a
 * disabled account are all writes) or the token's expiry, whichever comes first: three queries
 * less on every read of a list.
 */
export function requireBearer(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw invalidToken(Msg.missingToken);
    const now = deps.clock.now();
    const writes = writesSoFar(deps.db.kysely);
    let known = principalsByDb.get(deps.db.kysely);
    if (writes !== null && !known) principalsByDb.set(deps.db.kysely, (known = new Map()));
    const remembered = known?.get(match[1]);
    if (remembered && remembered.writes === writes && remembered.expiresAt > iso(now)) {
      c.set('principal', remembered.principal);
      return next();
    }
    const check = await checkAccessToken(deps.db.kysely, match[1], now);
    if (!check.ok) {
      throw invalidToken(check.reason === 'expired' ? Msg.expiredToken : check.reason === 'revoked' ? Msg.revokedToken : Msg.invalidToken);
    }
    const account = await deps.db.kysely
      .selectFrom('accounts')
      .select(['id', 'username', 'email', 'first_name', 'last_name', 'enabled'])
      .where('id', '=', check.accountId)
      .executeTakeFirst();
    if (!account || account.enabled !== 1) throw invalidToken(Msg.revokedToken);
    const groups = await groupsOf(deps.db.kysely, account.id);
    const principal: Principal = {
      accountId: account.id,
      username: account.username,
      email: account.email,
      firstName: account.first_name,
      lastName: account.last_name,
      name: displayName(account.first_name, account.last_name, account.username),
      familyId: check.familyId,
      groups,
      permissions: new Set(groups.flatMap((g) => g.permissions.map((p) => p.name))),
    };
    if (known && writes !== null) {
      if (known.size >= 5000) known.clear();
      known.set(match[1], { writes, expiresAt: check.expiresAt, principal });
    }
    c.set('principal', principal);
    await next();
  };
}

/** 403 access_denied unless the principal holds every named permission. */
export function requirePermission(...permissions: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    const missing = permissions.find((p) => !principal.permissions.has(p));
    if (missing) throw accessDenied(Msg.missingPermission(missing));
    await next();
  };
}

/** 403 unless the principal holds every permission named; a reader is told so first. */
export function assertPermissions(principal: { permissions: ReadonlySet<string> }, needed: readonly string[]): void {
  if (needed.includes(Permission.EDITOR) && !principal.permissions.has(Permission.EDITOR)) throw accessDenied(Msg.notReader);
  const missing = needed.find((p) => !principal.permissions.has(p));
  if (missing) throw accessDenied(Msg.missingPermission(missing));
}

/** Mutations need the editor flag (CRM_LECTOR) as well as their own permission. */
export function requireEditor(...permissions: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    assertPermissions(c.get('principal'), [Permission.EDITOR, ...permissions]);
    await next();
  };
}

/** 403 unless the principal holds at least one of the named permissions. */
export function requireAnyPermission(...permissions: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    if (!permissions.some((p) => principal.permissions.has(p))) throw accessDenied(Msg.missingPermission(permissions.join(' o ')));
    await next();
  };
}

/**
 * The api key some services (UPG, risk control, remittances) expect: the configured one (other
 * systems) or the signed-in session's own (the console, server/auth/service-keys.ts). Runs after
 * requireBearer, which names the session.
 */
export function requireApiKey(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    const session = principal ? sessionServiceKeys(deps.config, principal.familyId).apiKey : null;
    if (!acceptsKey(c.req.header('api-key') ?? '', deps.config.upgApiKey, session)) throw new ApiError(401, 'invalid_token', Msg.badApiKey);
    await next();
  };
}
