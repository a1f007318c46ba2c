import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import type { Trx } from '../db/types';
import { jsonBody, notFound, ok, parse } from '../http';
import { requireEditor, requirePermission } from '../auth/middleware';
import { inTransaction } from '../db/transaction';
import { recordMutation } from '../lifecycle/audit';
import { revokeClaim } from '../queue/claims';
import { queueFigures } from './figures';
import { depthHistory, heldClaims, workDoneToday, type ActionLabel } from './activity';
import type { Binding } from '../lifecycle/binding';
import { RevokeBody, SupervisionPaths, type Supervision } from '@/api/contract/supervision';
import { Permission } from '@/domain/permissions';
import type { ClaimKey } from '@/domain/queues';

/**
 * Supervisión (issue 28 §1): the lead's reads (CRM_SUPERVISION) and the release of someone's
 * claim (CRM_LECTOR + CRM_SUPERVISION; the claim chart decides, server/queue/claims.ts).
 */
export function supervisionRoutes(deps: AppDeps, lifecycles: readonly Binding[]) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const labelOf: ActionLabel = (chart, event) => lifecycles.find((b) => b.lifecycle.name === chart)?.lifecycle.rows.find((row) => row.event === event)?.label ?? event;

  app.get(SupervisionPaths.figures, requirePermission(Permission.SUPERVISION), async (c) => {
    const now = deps.clock.now();
    const [figures, workDone] = await Promise.all([queueFigures(db, deps.config.slaHours, now), workDoneToday(db, now, labelOf)]);
    const history = await depthHistory(db, figures.queues, now);
    const body: Supervision = { at: new Date(now).toISOString(), ...figures, workDone, history };
    return ok(c, body);
  });

  app.get(SupervisionPaths.claims, requirePermission(Permission.SUPERVISION), async (c) => ok(c, { elements: await heldClaims(db, deps.clock.now()) }));

  app.post(SupervisionPaths.release, requireEditor(Permission.SUPERVISION), async (c) => {
    const key = parse(RevokeBody, await jsonBody(c));
    const principal = c.get('principal');
    const now = deps.clock.now();
    const holderName = await inTransaction(deps.db, async (trx) => {
      const orderId = await orderOfEntry(trx, key);
      const claim = await revokeClaim(trx, key, principal, now);
      const entry = key.kind === 'item' ? `el item ${key.id}` : `la orden ${key.id}`;
      await recordMutation(
        trx,
        principal,
        {
          docCode: 'ORDER',
          docId: String(orderId),
          action: 'claim.revoke',
          description: `${principal.name} liberó la reserva de ${claim.holder_name} sobre ${entry}.`,
          before: { reserva: claim.holder_name },
          after: { reserva: null, liberadaPor: principal.name },
        },
        now,
      );
      return claim.holder_name;
    });
    return ok(c, { holderName });
  });

  return app;
}

/** The order a queue's entry belongs to (404 for an id that names nothing). */
async function orderOfEntry(trx: Trx, key: ClaimKey): Promise<number> {
  if (key.kind === 'order') {
    const order = await trx.selectFrom('orders').select('id').where('id', '=', key.id).executeTakeFirst();
    if (!order) throw notFound(`La orden ${key.id} no existe.`);
    return order.id;
  }
  const item = await trx.selectFrom('order_items').select('order_id').where('id', '=', key.id).executeTakeFirst();
  if (!item) throw notFound(`El item ${key.id} no existe.`);
  return item.order_id;
}
