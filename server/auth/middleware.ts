import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppDeps, AppEnv } from '../deps';
import { principalCache } from './principals';
import { acceptsKey, sessionServiceKeys } from './service-keys';
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

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every /secured path needs a live bearer token; the principal is read once per request, or not at
 * all while it is remembered (server/auth/principals.ts); a write on PostgreSQL always reads it.
 */
export function requireBearer(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const principals = principalCache(deps.db);
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw invalidToken(Msg.missingToken);
    const found = await principals.lookup(match[1], deps.clock.now(), { write: !SAFE_METHODS.has(c.req.method) });
    if (!found.ok) {
      throw invalidToken(found.reason === 'expired' ? Msg.expiredToken : found.reason === 'revoked' ? Msg.revokedToken : Msg.invalidToken);
    }
    c.set('principal', found.principal);
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
 * A permission that opens a read: for every subject, or, with `shows`, only for a subject the page
 * that permission opens shows (the order a charge order charged, the customer of a call).
 */
export interface ReadGrant {
  permission: string;
  /** Whether that page shows what the request asks for (its query parsed: 400 on bad input). */
  shows?: (c: Context<AppEnv>) => Promise<boolean>;
}

/**
 * A read several pages show (a customer's card, an order's risk): 403 unless the principal holds
 * the permission of one of those pages and, where that page shows only some subjects, the subject
 * asked for is one of them (docs/decisions.md, "Issue 38: reads under the page's own
 * permission"). The refusal names the permissions that open the read: all of them to whoever holds
 * none, those that open it for every subject to whoever asked beyond their page.
 */
export function requireShown(...grants: ReadGrant[]): MiddlewareHandler<AppEnv> {
  const all = grants.map((g) => g.permission);
  const everySubject = grants.filter((g) => !g.shows).map((g) => g.permission);
  return async (c, next) => {
    const principal = c.get('principal');
    const held = grants.filter((g) => principal.permissions.has(g.permission));
    if (held.length === 0) throw accessDenied(Msg.missingPermission(all.join(' o ')));
    // A permission that opens every subject asks the database nothing.
    if (held.some((g) => !g.shows)) return next();
    for (const grant of held) if (await grant.shows!(c)) return next();
    throw accessDenied(Msg.missingPermission((everySubject.length > 0 ? everySubject : all).join(' o ')));
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
