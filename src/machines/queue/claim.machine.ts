import { assign, setup, type SnapshotFrom } from 'xstate';
import { restoredChart } from '@/machines/lifecycle/restore';

/**
 * Who works on a queue's entry (an item or an order): a person who opens it claims it for a few
 * minutes and renews the claim while working; while it is held nobody else may claim it or act
 * on it. The claim ends when its holder acts on the entity, releases it or signs out, or when it
 * expires (the time passed without a renewal). The server restores this chart from the stored
 * claim and asks it before every claim and every action.
 */

export interface ClaimContext {
  /** Who holds it, or null when nobody ever did (or the claim was released). */
  holderId: number | null;
  /** The stored claim's time is up. */
  lapsed: boolean;
}

export type ClaimEvent =
  | { type: 'claim.take'; actorId: number }
  | { type: 'claim.release'; actorId: number }
  /** The holder acted on the entity (approved it, cancelled it…): the work is done. */
  | { type: 'claim.act'; actorId: number };

const byHolder = ({ context, event }: { context: ClaimContext; event: ClaimEvent }) => context.holderId === event.actorId;

export const claimMachine = setup({
  types: { context: {} as ClaimContext, events: {} as ClaimEvent, input: {} as ClaimContext },
  actions: {
    hold: assign({ holderId: ({ event }) => event.actorId, lapsed: false }),
    free: assign({ holderId: null, lapsed: false }),
  },
  guards: {
    byHolder,
    isHeld: ({ context }) => context.holderId !== null && !context.lapsed,
    isLapsed: ({ context }) => context.holderId !== null && context.lapsed,
  },
}).createMachine({
  id: 'queueClaim',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: { always: [{ guard: 'isHeld', target: 'claimed' }, { guard: 'isLapsed', target: 'expired' }, { target: 'free' }] },
    free: { on: { 'claim.take': { target: 'claimed', actions: 'hold' } } },
    // Held: only its holder renews it, releases it or ends it by acting.
    claimed: {
      on: {
        'claim.take': { guard: 'byHolder', target: 'claimed', reenter: true, actions: 'hold' },
        'claim.release': { guard: 'byHolder', target: 'released', actions: 'free' },
        'claim.act': { guard: 'byHolder', target: 'released', actions: 'free' },
      },
    },
    released: { on: { 'claim.take': { target: 'claimed', actions: 'hold' } } },
    expired: { on: { 'claim.take': { target: 'claimed', actions: 'hold' } } },
  },
});

export type ClaimSnapshot = SnapshotFrom<typeof claimMachine>;

/** The chart of a stored claim (or of none). */
export function claimChart(claim: { holderId: number; expiresAt: string } | null, now: number): ClaimSnapshot {
  const context: ClaimContext = claim ? { holderId: claim.holderId, lapsed: Date.parse(claim.expiresAt) <= now } : { holderId: null, lapsed: false };
  return restoredChart(claimMachine, context as unknown as Record<string, unknown>) as ClaimSnapshot;
}

/** Whether someone other than this person holds the entity: they may neither claim it nor act on it. */
export function heldByAnother(snapshot: ClaimSnapshot, actorId: number): boolean {
  return snapshot.matches('claimed') && snapshot.context.holderId !== actorId;
}
