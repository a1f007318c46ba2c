import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ApiError } from '../http';
import { createHash } from 'node:crypto';
import { iso } from '../clock';
import { forgetBefore, IdempotencyMsg, keyedRequest, STEP_TTL_MS } from '../db/request-steps';

export { IdempotencyMsg };
/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = STEP_TTL_MS;

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** What makes two requests the same: method, path, query string and body bytes. */
async function fingerprintOf(request: Request): Promise<string> {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.clone().arrayBuffer()) : Buffer.alloc(0);
  return createHash('sha256').update(`${request.method} ${url.pathname}${url.search}\n`).update(body).digest('hex');
}

/**
 * `Idempotency-Key` on every route that changes something: the request runs in a keyed scope, and
 * each of its transactions stores its result with its own commit (server/db/request-steps.ts). A
 * retry (after a lost answer, on any instance, or at the same time) replays those results instead
 * of acting again, and says so (`Idempotent-Replayed: true`). Keys belong to the staff member who
 * sent them, are bound to the request (another request with the same key is a 422 and runs
 * nothing) and are forgotten after 24 h.
 */
export function idempotency(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    // A GET is keyed too: the spec names a GET for one change (the added-card attempts' reset); a read sends no key.
    if (!key || c.req.method === 'HEAD') return next();
    if (!KEY.test(key)) throw new ApiError(400, 'invalid_request', IdempotencyMsg.key);
    const now = deps.clock.now();
    const scope = {
      key,
      route: `${c.req.method} ${c.req.path}`,
      fingerprint: await fingerprintOf(c.req.raw),
      principalId: () => c.get('principal')?.accountId ?? null,
      steps: 0,
      replayed: false,
      expiredBefore: forgetBefore(now),
      now: iso(now),
    };
    await keyedRequest.run(scope, next);
    if (scope.replayed) c.res.headers.set('Idempotent-Replayed', 'true');
  };
}
