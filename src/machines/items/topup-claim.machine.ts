import { and, setup } from 'xstate';
import { CLAIM_STATES, claimStateOf, type ClaimKind, type ClaimState } from '@/domain/topup';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { topupClaimActions, type ClaimSubject, type TopupClaimContext, type TopupClaimEvent } from './topup-claim.actions';

/**
 * The claims of a delivered top-up (spec details §4 "Reclaim top-up"): none → first
 * ('RECLAM 1era') → second. Asking for the second when there is no first makes the first; a
 * second that already exists is refused ('Ya fue reclamado'), and so is a first that exists.
 * Only a FULFILLED top-up is claimed.
 */

export type { TopupClaimEvent } from './topup-claim.actions';
export type TopupClaimInput = TopupClaimContext;

export const topupClaimMachine = setup({
  types: { context: {} as TopupClaimContext, events: {} as TopupClaimEvent, input: {} as TopupClaimInput },
  guards: {
    allowed: allowedBy(topupClaimActions),
    isClaim: ({ context }, params: { claim: ClaimState }) => claimStateOf(context.claims) === params.claim,
    delivered: ({ context }) => context.itemStatus === 'FULFILLED',
    asks: ({ event }, params: { kind: ClaimKind }) => event.kind === params.kind,
  },
}).createMachine({
  id: 'topupClaim',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: {
      always: CLAIM_STATES.map((claim) => ({ guard: { type: 'isClaim' as const, params: { claim } }, target: claim })),
    },
    none: {
      // A second needs the first: the first is made instead.
      on: { 'claim.add': { guard: and(['allowed', 'delivered']), target: 'first' } },
    },
    first: {
      on: { 'claim.add': { guard: and(['allowed', 'delivered', { type: 'asks', params: { kind: 'SECOND' as const } }]), target: 'second' } },
    },
    second: {},
  },
});

/** The claim a settled snapshot stands for ('first' is RECLAM 1era). */
export const claimKindOf = (state: unknown): ClaimKind => (state === 'second' ? 'SECOND' : 'FIRST');

export const topupClaim: Lifecycle<typeof topupClaimMachine, ClaimSubject> = {
  name: 'topupClaim',
  machine: topupClaimMachine,
  rows: topupClaimActions,
};
