import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ApiError } from '../http';
import { iso } from '../clock';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * `Idempotency-Key`: a retried request replays the first answer instead of acting twice. The key
 * is claimed before the handler runs (a concurrent retry with the same key gets 409 rather than a
 * second action); the answer is stored when the handler finishes; a server error releases the
 * key so the retry can act. Keys belong to the staff member who sent them.
 */
export function idempotent(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (!key) return next();
    if (!KEY.test(key)) throw new ApiError(400, 'invalid_request', 'Idempotency-Key debe tener de 8 a 100 letras, dígitos, "-" o "_".');
    const db = deps.db.kysely;
    const principal = c.get('principal');
    const route = `${c.req.method} ${c.req.path}`;
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({ principal_id: principal.accountId, key, route, status: 0, body: '', created_at: iso(deps.clock.now()) })
      .onConflict((oc) => oc.columns(['principal_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
      const stored = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('principal_id', '=', principal.accountId)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      if (stored.route !== route) throw new ApiError(422, 'invalid_request', 'Esta Idempotency-Key ya se usó para otra operación.');
      if (stored.status === 0) throw new ApiError(409, 'conflict', 'La misma petición todavía está en curso.');
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
