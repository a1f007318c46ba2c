import type { Selectable } from 'kysely';
import type { ClaimsTable } from '../db/schema-queues';
import type { Trx } from '../db/types';
import { notFound } from '../http';
import { bind, type Store } from '../lifecycle/binding';
import { revokeClaim } from '../queue/claims';
import { claimChart } from '@/machines/queue/claim.machine';
import { claimRelease } from '@/machines/supervision/claim-release.machine';
import type { ClaimKey } from '@/domain/queues';

/**
 * The lead's release of someone's claim (Supervisión, issue 28 §1) as a row of the claimRelease
 * chart: the entry must exist (404), the claim must be held now (409, the chart's refusal), and
 * the claim chart decides again as the release is written (server/queue/claims.ts `revokeClaim`).
 * Logged on the entry's order, as before.
 */

type ClaimRow = Selectable<ClaimsTable>;
type ReleaseRecord = { key: ClaimKey; orderId: number; claim: ClaimRow | null };

/** The release chart's state, from the claim chart restored from the stored claim. */
export function releaseInput(claim: ClaimRow | null | undefined, now: number) {
  const chart = claimChart(claim ? { holderId: claim.holder_id, expiresAt: claim.expires_at, revoked: claim.revoked_at !== null } : null, now);
  return { status: chart.matches('claimed') ? 'claimed' : chart.matches('revoked') ? 'revoked' : 'free' };
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

const releaseStore: Store<ReleaseRecord, ClaimKey> = {
  docCode: 'ORDER',
  docId: (r) => String(r.orderId),
  idOf: (r) => `${r.key.kind} ${r.key.id}`,
  entityKind: 'claim',
  action: () => 'claim.revoke',
  async find(trx, key) {
    const orderId = await orderOfEntry(trx, key);
    const claim = await trx.selectFrom('claims').selectAll().where('kind', '=', key.kind).where('entity_id', '=', key.id).executeTakeFirst();
    return [{ key, orderId, claim: claim ?? null }];
  },
  input: async (_trx, r, ctx) => releaseInput(r.claim, ctx.now),
  // The handler wrote the release (the claim chart's own write).
  save: async () => {},
};

export const claimReleaseBinding = bind<ReleaseRecord, ClaimKey>({
  lifecycle: claimRelease,
  store: releaseStore,
  handlers: {
    revoke: {
      async perform({ trx, ctx, record }) {
        const claim = await revokeClaim(trx, record.key, ctx.principal, ctx.now);
        const entry = record.key.kind === 'item' ? `el item ${record.key.id}` : `la orden ${record.key.id}`;
        return {
          description: `${ctx.principal.name} liberó la reserva de ${claim.holder_name} sobre ${entry}.`,
          before: { reserva: claim.holder_name },
          after: { reserva: null, liberadaPor: ctx.principal.name },
          data: { holderName: claim.holder_name },
        };
      },
    },
  },
  describe: (row, r) => `${row.label}: ${r.key.kind} ${r.key.id}`,
});
