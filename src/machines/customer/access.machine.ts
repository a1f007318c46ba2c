import { Msg } from '@/domain/messages';
import { and, assign, setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { accessActions, type AccessContext, type AccessEvent, type AccessSubject } from './access.actions';

/**
 * A customer's way in: one state, whose facts say what there is to reset. A new password is
 * always possible, told by e-mail only to a customer who has one; a passwordless reset needs a
 * pin set; clearing the attempts needs some made. A reset with nothing to reset is neither offered
 * nor taken, so no log records a change that did not happen. (Two independent facts would be a
 * parallel chart whose state the audit could not name as one status: guards on the facts say it
 * in one state.)
 */
export const accessMachine = setup({
  types: { context: {} as AccessContext, events: {} as AccessEvent, input: {} as AccessContext },
  actions: {
    clearPin: assign({ pin: false }),
    clearAttempts: assign({ attempts: 0 }),
  },
  guards: {
    allowed: allowedBy(accessActions),
    /** A notice goes only to a customer with an e-mail. */
    notifiable: ({ context, event }) => !(event.type === 'access.resetPassword' && event.sendNotify === true) || context.email,
    pinSet: ({ context }) => context.pin,
    attemptsMade: ({ context }) => context.attempts > 0,
  },
}).createMachine({
  id: 'customerAccess',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: {
      on: {
        'access.resetPassword': { guard: and(['allowed', 'notifiable']), target: 'open', reenter: true },
        'access.resetPasswordless': { guard: and(['allowed', 'pinSet']), target: 'open', reenter: true, actions: 'clearPin' },
        'access.resetAttempts': { guard: and(['allowed', 'attemptsMade']), target: 'open', reenter: true, actions: 'clearAttempts' },
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
