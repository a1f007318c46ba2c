import { setup } from 'xstate';
import type { HeldClaim } from '@/api/contract/supervision';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { claimReleaseActions, type ReleaseContext, type ReleaseEvent } from './claim-release.actions';

/** A claim as the lead releases it: held now (claimed) until a lead revokes it; nothing to release otherwise. */
export const CLAIM_RELEASE_STATUSES = ['claimed', 'revoked', 'free'] as const;

export const claimReleaseMachine = setup({
  types: { context: {} as ReleaseContext, events: {} as ReleaseEvent, input: {} as ReleaseContext },
  guards: { allowed: allowedBy(claimReleaseActions) },
}).createMachine({
  id: 'claimRelease',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(CLAIM_RELEASE_STATUSES),
    claimed: { on: { 'claim.revoke': { guard: 'allowed', target: 'revoked' } } },
    revoked: {},
    free: {},
  },
});

export const claimRelease: Lifecycle<typeof claimReleaseMachine, HeldClaim> = {
  name: 'claimRelease',
  machine: claimReleaseMachine,
  rows: claimReleaseActions,
  // A claim is taken, renewed and told by the queue's claim chart, and expires by time, with no stored move.
  movedOutside: true,
};
