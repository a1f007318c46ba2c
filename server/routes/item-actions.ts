import type { Context, Next } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { requireItemPermission, type ItemActionContext } from '../services/item-transitions';

/**
 * What every item route needs to act: the action's context (database, staff member, clock) and
 * the permission check — the editor flag and the action's permissions, 403 before the input is
 * read, so a reader learns nothing about it.
 */
export function itemActions(deps: AppDeps) {
  const context = (c: Context<AppEnv>): ItemActionContext => ({ db: deps.db.kysely, principal: c.get('principal'), now: deps.clock.now() });
  return {
    context,
    /** The context of an action the caller may take (403 otherwise). */
    allowed(c: Context<AppEnv>, ...permissions: string[]): ItemActionContext {
      const ctx = context(c);
      requireItemPermission(ctx.principal, ...permissions);
      return ctx;
    },
    /** The same check as a middleware, for routes that read their input in several ways. */
    may:
      (...permissions: string[]) =>
      async (c: Context<AppEnv>, next: Next) => {
        requireItemPermission(c.get('principal'), ...permissions);
        await next();
      },
  };
}
