import type { Reader, Trx } from '../db/types';
import type { Principal } from '../deps';
import type { Gate } from '../lifecycle/binding';
import { conflict } from '../http';
import { iso } from '../clock';
import { claimChart, heldByAnother, type ClaimEvent } from '@/machines/queue/claim.machine';
import { CLAIM_MINUTES, ClaimMsg, type ClaimKey, type ClaimKind } from '@/domain/queues';
import type { Claim } from '@/api/contract/queues';

/**
 * Claims on queue entries, decided by the claim chart (src/machines/queue/claim.machine.ts) in the
 * caller's transaction: SQLite's one writer and PostgreSQL's SERIALIZABLE make two people claiming
 * at once one winner and one 409 naming the winner.
 */

const stored = (db: Reader, key: ClaimKey) =>
  db.selectFrom('claims').selectAll().where('kind', '=', key.kind).where('entity_id', '=', key.id).executeTakeFirst();

async function chartOf(db: Reader, key: ClaimKey, now: number) {
  const row = await stored(db, key);
  return { row, chart: claimChart(row ? { holderId: row.holder_id, expiresAt: row.expires_at } : null, now) };
}

/** Refuses (409, naming the holder) an event the chart does not take for this person. */
async function decide(db: Reader, key: ClaimKey, event: ClaimEvent, now: number) {
  const { row, chart } = await chartOf(db, key, now);
  if (chart.can(event)) return row;
  throw conflict(row && heldByAnother(chart, event.actorId) ? ClaimMsg.held(row.holder_name) : ClaimMsg.notHeld);
}

/** Claims an entry for this person, or renews their claim: it lasts CLAIM_MINUTES from now. */
export async function takeClaim(trx: Trx, key: ClaimKey, principal: Principal, now: number): Promise<Claim> {
  await decide(trx, key, { type: 'claim.take', actorId: principal.accountId }, now);
  const values = { holder_id: principal.accountId, holder_name: principal.name, claimed_at: iso(now), expires_at: iso(now + CLAIM_MINUTES * 60_000) };
  await trx
    .insertInto('claims')
    .values({ kind: key.kind, entity_id: key.id, ...values })
    .onConflict((oc) => oc.columns(['kind', 'entity_id']).doUpdateSet(values))
    .execute();
  return { kind: key.kind, id: key.id, holderId: principal.accountId, holderName: principal.name, expiresAt: values.expires_at };
}

/** Ends this person's claim on an entry. */
export async function releaseClaim(trx: Trx, key: ClaimKey, principal: Principal, now: number): Promise<void> {
  await decide(trx, key, { type: 'claim.release', actorId: principal.accountId }, now);
  await trx.deleteFrom('claims').where('kind', '=', key.kind).where('entity_id', '=', key.id).execute();
}

/**
 * Before any action on an entity: refused (409, naming the holder) while someone else holds it.
 * After the action, the actor's own claim ends (the work is done).
 */
export async function actingOn(trx: Trx, key: ClaimKey, principal: Principal, now: number) {
  const { row, chart } = await chartOf(trx, key, now);
  if (row && heldByAnother(chart, principal.accountId)) throw conflict(ClaimMsg.held(row.holder_name));
  return {
    done: async () => {
      if (chart.can({ type: 'claim.act', actorId: principal.accountId })) await trx.deleteFrom('claims').where('kind', '=', key.kind).where('entity_id', '=', key.id).execute();
    },
  };
}

/**
 * The claim as a gate of every move (registered in server/lifecycles.ts): a record whose store names
 * the queue entry it is cannot be moved while someone else holds that entry (409 with their name);
 * once it moved on (an edit keeps its status, and the claim), the actor's own claim ends.
 */
export const claimGate: Gate = {
  name: 'claim',
  async record({ trx, ctx, binding, record }) {
    if (!binding.store.claim) return null;
    const claim = await actingOn(trx, binding.store.claim(record), ctx.principal, ctx.now);
    return {
      async moved({ from, to }) {
        if (to !== from) await claim.done();
      },
    };
  },
};

/** Sign-out ends every claim of the person. */
export async function releaseAllOf(db: Reader, accountId: number): Promise<void> {
  await db.deleteFrom('claims').where('holder_id', '=', accountId).execute();
}

/** The live claims on some entries, by entity id (expired ones are not claims). */
export async function liveClaims(db: Reader, kind: ClaimKind, ids: readonly number[], now: number): Promise<Map<number, Claim>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('claims').selectAll().where('kind', '=', kind).where('entity_id', 'in', ids).where('expires_at', '>', iso(now)).execute();
  return new Map(rows.map((r) => [r.entity_id, { kind, id: r.entity_id, holderId: r.holder_id, holderName: r.holder_name, expiresAt: r.expires_at }]));
}
