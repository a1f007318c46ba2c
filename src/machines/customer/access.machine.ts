import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { accessActions, type AccessContext, type AccessEvent, type AccessSubject } from './access.actions';

/**
 * A customer's way in: always open to a reset by whoever may; the server refuses a reset with
 * nothing to reset (no PIN, no attempts) so that no log records a change that did not happen.
 */
export const accessMachine = setup({
  types: { context: {} as AccessContext, events: {} as AccessEvent, input: {} as AccessContext },
  guards: { allowed: allowedBy(accessActions) },
}).createMachine({
  id: 'customerAccess',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: {
      on: {
        'access.resetPassword': { guard: 'allowed', target: 'open', reenter: true },
        'access.resetPasswordless': { guard: 'allowed', target: 'open', reenter: true },
        'access.resetAttempts': { guard: 'allowed', target: 'open', reenter: true },
      },
    },
  },
});

export const customerAccess: Lifecycle<typeof accessMachine, AccessSubject> = {
  name: 'customerAccess',
  machine: accessMachine,
  rows: accessActions,
  networkFailure: Msg.networkFailure,
};
