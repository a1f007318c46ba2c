import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ApiError } from '../http';
import { createHash } from 'node:crypto';
import { iso } from '../clock';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
/** How long a key is remembered: a retry comes within seconds, a day covers any reconnect. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IdempotencyMsg = {
  key: 'Idempotency-Key debe tener de 8 a 100 letras, dígitos, "-" o "_".',
  otherRoute: 'Esta Idempotency-Key ya se usó para otra operación.',
  otherRequest: 'Esta Idempotency-Key ya se usó con otra petición: use una clave nueva para cada petición distinta.',
  inFlight: 'La misma petición todavía está en curso.',
} as const;

/** What makes two requests the same: method, path, query string and body bytes. */
async function fingerprintOf(request: Request): Promise<string> {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.clone().arrayBuffer()) : Buffer.alloc(0);
  return createHash('sha256').update(`${request.method} ${url.pathname}${url.search}\n`).update(body).digest('hex');
}

/**
 * `Idempotency-Key`: a retried request replays the first answer instead of acting twice. The key
 * is claimed before the handler runs (a concurrent retry with the same key gets 409 rather than a
 * second action); the answer is stored when the handler finishes; a server error releases the
 * key so the retry can act. Keys belong to the staff member who sent them, are bound to the
 * request (another request with the same key is a 422 and runs nothing) and expire after 24 h.
 */
export function idempotent(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (!key) return next();
    if (!KEY.test(key)) throw new ApiError(400, 'invalid_request', IdempotencyMsg.key);
    const db = deps.db.kysely;
    const principal = c.get('principal');
    const route = `${c.req.method} ${c.req.path}`;
    const fingerprint = await fingerprintOf(c.req.raw);
    const now = deps.clock.now();
    // An expired key is forgotten: the request is a new one.
    await db.deleteFrom('idempotency_keys').where('principal_id', '=', principal.accountId).where('key', '=', key).where('created_at', '<', iso(now - IDEMPOTENCY_TTL_MS)).execute();
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({ principal_id: principal.accountId, key, route, status: 0, body: '', created_at: iso(now), fingerprint })
      .onConflict((oc) => oc.columns(['principal_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
      const stored = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('principal_id', '=', principal.accountId)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      if (stored.route !== route) throw new ApiError(422, 'invalid_request', IdempotencyMsg.otherRoute);
      if (stored.fingerprint !== '' && stored.fingerprint !== fingerprint) throw new ApiError(422, 'invalid_request', IdempotencyMsg.otherRequest);
      if (stored.status === 0) throw new ApiError(409, 'conflict', IdempotencyMsg.inFlight);
      c.header('Idempotent-Replayed', 'true');
      return c.body(stored.body, stored.status as 200, { 'content-type': 'application/json' });
    }
    // Hono turns a thrown error into the error answer before control comes back here.
    await next();
    if (c.res.status >= 500) {
      await db.deleteFrom('idempotency_keys').where('principal_id', '=', principal.accountId).where('key', '=', key).execute();
      return;
    }
    await db
      .updateTable('idempotency_keys')
      .set({ status: c.res.status, body: await c.res.clone().text() })
      .where('principal_id', '=', principal.accountId)
      .where('key', '=', key)
      .execute();
  };
}
