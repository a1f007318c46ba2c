import { assign, setup, type SnapshotFrom } from 'xstate';
import { restoredChart } from '@/machines/lifecycle/restore';

/**
 * Who works on a queue's entry (an item or an order): a person who opens it claims it for a few
 * minutes and renews the claim while working; while it is held nobody else may claim it or act
 * on it. The claim ends when its holder acts on the entity, releases it or signs out, or when it
 * expires (the time passed without a renewal). A lead (CRM_SUPERVISION) may revoke a claim that
 * is held (issue 28: a stale one, its holder away): the entry is free for everyone but its holder,
 * whose next claim or renewal is refused once with the lead's name (`claim.told`), so the person
 * working it learns it was taken from them; after that, or once the claim's time is up, it is an
 * ordinary free entry. The server restores this chart from the stored claim and asks it before
 * every claim and every action.
 */

export interface ClaimContext {
  /** Who holds it, or null when nobody ever did (or the claim was released). */
  holderId: number | null;
  /** The stored claim's time is up. */
  lapsed: boolean;
  /** A lead revoked it: its holder has not been told yet. */
  revoked: boolean;
}

export type ClaimEvent =
  | { type: 'claim.take'; actorId: number }
  | { type: 'claim.release'; actorId: number }
  /** The holder acted on the entity (approved it, cancelled it…): the work is done. */
  | { type: 'claim.act'; actorId: number }
  /** A lead ends someone's claim; `lead` says the actor holds CRM_SUPERVISION (the server decides it). */
  | { type: 'claim.revoke'; actorId: number; lead: boolean }
  /** The holder of a revoked claim asked for it again and is told who revoked it. */
  | { type: 'claim.told'; actorId: number };

const byHolder = ({ context, event }: { context: ClaimContext; event: ClaimEvent }) => context.holderId === event.actorId;
const byLead = ({ event }: { event: ClaimEvent }) => event.type === 'claim.revoke' && event.lead;

export const claimMachine = setup({
  types: { context: {} as ClaimContext, events: {} as ClaimEvent, input: {} as ClaimContext },
  actions: {
    hold: assign({ holderId: ({ event }) => event.actorId, lapsed: false, revoked: false }),
    free: assign({ holderId: null, lapsed: false, revoked: false }),
    revoke: assign({ revoked: true }),
  },
  guards: {
    byHolder,
    byLead,
    notByHolder: (args) => !byHolder(args),
    isRevoked: ({ context }) => context.holderId !== null && context.revoked && !context.lapsed,
    isHeld: ({ context }) => context.holderId !== null && !context.lapsed,
    isLapsed: ({ context }) => context.holderId !== null && context.lapsed,
  },
}).createMachine({
  id: 'queueClaim',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: { always: [{ guard: 'isRevoked', target: 'revoked' }, { guard: 'isHeld', target: 'claimed' }, { guard: 'isLapsed', target: 'expired' }, { target: 'free' }] },
    free: { on: { 'claim.take': { target: 'claimed', actions: 'hold' } } },
    // Held: only its holder renews it, releases it or ends it by acting.
    claimed: {
      on: {
        'claim.take': { guard: 'byHolder', target: 'claimed', reenter: true, actions: 'hold' },
        'claim.release': { guard: 'byHolder', target: 'released', actions: 'free' },
        'claim.act': { guard: 'byHolder', target: 'released', actions: 'free' },
        'claim.revoke': { guard: 'byLead', target: 'revoked', actions: 'revoke' },
      },
    },
    // Revoked by a lead: anyone else may claim it; its holder is refused once, and told.
    revoked: {
      on: {
        'claim.take': { guard: 'notByHolder', target: 'claimed', actions: 'hold' },
        'claim.told': { guard: 'byHolder', target: 'released', actions: 'free' },
      },
    },
    released: { on: { 'claim.take': { target: 'claimed', actions: 'hold' } } },
    expired: { on: { 'claim.take': { target: 'claimed', actions: 'hold' } } },
  },
});

export type ClaimSnapshot = SnapshotFrom<typeof claimMachine>;

/** The chart of a stored claim (or of none). */
export function claimChart(claim: { holderId: number; expiresAt: string; revoked?: boolean } | null, now: number): ClaimSnapshot {
  const context: ClaimContext = claim
    ? { holderId: claim.holderId, lapsed: Date.parse(claim.expiresAt) <= now, revoked: claim.revoked ?? false }
    : { holderId: null, lapsed: false, revoked: false };
  return restoredChart(claimMachine, context as unknown as Record<string, unknown>) as ClaimSnapshot;
}

/** Whether someone other than this person holds the entity: they may neither claim it nor act on it. */
export function heldByAnother(snapshot: ClaimSnapshot, actorId: number): boolean {
  return snapshot.matches('claimed') && snapshot.context.holderId !== actorId;
}
