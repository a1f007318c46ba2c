import { setup } from 'xstate';
import { Permission } from '@/domain/permissions';
import { CLAIM_STATES, claimStateOf, type ClaimKind, type ClaimState } from '@/domain/topup';

/**
 * The claims of a delivered top-up (spec details §4 "Reclaim top-up"): none → first
 * ('RECLAM 1era') → second. Asking for the second when there is no first makes the first; a
 * second that already exists is refused ('Ya fue reclamado'), and so is a first that exists.
 * Whether the item may be claimed at all (FULFILLED) is the topupItem chart's `item.reclaim`.
 */

export interface TopupClaimInput {
  /** Claims recorded so far (0, 1 or 2). */
  claims: number;
  permissions: readonly string[];
}

export interface TopupClaimContext {
  claim: ClaimState;
  permissions: readonly string[];
}

export type TopupClaimEvent = { type: 'claim.first' } | { type: 'claim.second' };

export const topupClaimMachine = setup({
  types: { context: {} as TopupClaimContext, events: {} as TopupClaimEvent, input: {} as TopupClaimInput },
  guards: {
    isClaim: ({ context }, params: { claim: ClaimState }) => context.claim === params.claim,
    mayClaim: ({ context }) => context.permissions.includes(Permission.EDITOR),
  },
}).createMachine({
  id: 'topupClaim',
  context: ({ input }) => ({ claim: claimStateOf(input.claims), permissions: input.permissions }),
  initial: 'loading',
  states: {
    loading: {
      always: CLAIM_STATES.map((claim) => ({ guard: { type: 'isClaim' as const, params: { claim } }, target: claim })),
    },
    none: {
      on: {
        'claim.first': { guard: 'mayClaim', target: 'first' },
        // A second needs the first: the first is made instead.
        'claim.second': { guard: 'mayClaim', target: 'first' },
      },
    },
    first: {
      on: { 'claim.second': { guard: 'mayClaim', target: 'second' } },
    },
    second: {},
  },
});

export const claimEvent = (kind: ClaimKind): TopupClaimEvent => ({ type: kind === 'FIRST' ? 'claim.first' : 'claim.second' });

/** The claim a settled snapshot stands for ('first' is RECLAM 1era). */
export const claimKindOf = (state: unknown): ClaimKind => (state === 'second' ? 'SECOND' : 'FIRST');
