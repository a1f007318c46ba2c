import type { Reader, Trx } from '../db/types';
import type { Principal } from '../deps';
import type { Gate } from '../lifecycle/binding';
import { refusedByChart } from '../refusals';
import { iso } from '../clock';
import { claimChart, heldByAnother, type ClaimEvent } from '@/machines/queue/claim.machine';
import { CLAIM_MINUTES, ClaimMsg, type ClaimKey, type ClaimKind } from '@/domain/queues';
import { Permission } from '@/domain/permissions';
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
  return { row, chart: claimChart(row ? { holderId: row.holder_id, expiresAt: row.expires_at, revoked: row.revoked_at !== null } : null, now) };
}

/** Refuses (409, naming the holder) an event the chart does not take for this person. */
async function decide(db: Reader, key: ClaimKey, event: ClaimEvent, now: number) {
  const { row, chart } = await chartOf(db, key, now);
  if (chart.can(event)) return row;
  throw refusedByChart(row && heldByAnother(chart, event.actorId) ? ClaimMsg.held(row.holder_name) : ClaimMsg.notHeld);
}

/**
 * Claims an entry for this person, or renews their claim: it lasts CLAIM_MINUTES from now. A claim
 * of theirs a lead revoked is not renewed: the marker goes (they may claim it again afterwards) and
 * the answer is `revokedBy`, the lead's name, for the caller to refuse with once it has committed.
 */
export async function takeClaim(trx: Trx, key: ClaimKey, principal: Principal, now: number): Promise<Claim | { revokedBy: string }> {
  const { row, chart } = await chartOf(trx, key, now);
  if (row?.revoked_by_name && chart.can({ type: 'claim.told', actorId: principal.accountId })) {
    await trx.deleteFrom('claims').where('kind', '=', key.kind).where('entity_id', '=', key.id).execute();
    return { revokedBy: row.revoked_by_name };
  }
  await decide(trx, key, { type: 'claim.take', actorId: principal.accountId }, now);
  const values = { holder_id: principal.accountId, holder_name: principal.name, claimed_at: iso(now), expires_at: iso(now + CLAIM_MINUTES * 60_000), revoked_by_name: null, revoked_at: null };
  await trx
    .insertInto('claims')
    .values({ kind: key.kind, entity_id: key.id, ...values })
    .onConflict((oc) => oc.columns(['kind', 'entity_id']).doUpdateSet(values))
    .execute();
  return { kind: key.kind, id: key.id, holderId: principal.accountId, holderName: principal.name, expiresAt: values.expires_at };
}

/**
 * A lead (CRM_SUPERVISION) ends someone's live claim on an entry (a stale one): the entry is free
 * for everyone but its holder until they are told (`takeClaim`). Answers the claim it ended, for
 * the audit row; 409 when nothing holds it, or the chart refuses this person.
 */
export async function revokeClaim(trx: Trx, key: ClaimKey, principal: Principal, now: number) {
  const { row, chart } = await chartOf(trx, key, now);
  if (!row || !chart.matches('claimed')) throw refusedByChart(ClaimMsg.noLiveClaim);
  if (!chart.can({ type: 'claim.revoke', actorId: principal.accountId, lead: principal.permissions.has(Permission.SUPERVISION) })) throw refusedByChart(ClaimMsg.notLead);
  await trx.updateTable('claims').set({ revoked_by_name: principal.name, revoked_at: iso(now) }).where('kind', '=', key.kind).where('entity_id', '=', key.id).execute();
  return row;
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
  if (row && heldByAnother(chart, principal.accountId)) throw refusedByChart(ClaimMsg.held(row.holder_name));
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
  const rows = await db.selectFrom('claims').selectAll().where('kind', '=', kind).where('entity_id', 'in', ids).where('expires_at', '>', iso(now)).where('revoked_at', 'is', null).execute();
  return new Map(rows.map((r) => [r.entity_id, { kind, id: r.entity_id, holderId: r.holder_id, holderName: r.holder_name, expiresAt: r.expires_at }]));
}
