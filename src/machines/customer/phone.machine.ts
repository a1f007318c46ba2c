import { and, assign, setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { phoneActions, type PhoneContext, type PhoneEvent, type PhoneSubject } from './phone.actions';

/**
 * A customer's phone (spec details §3 "Phone"): verified or not yet. Each verification code sent
 * counts an attempt; staff can give the attempts back when there are any, or verify the number
 * themselves (which also clears its attempts).
 */

export type { PhoneEvent } from './phone.actions';
export type PhoneInput = PhoneContext;

export const PHONE_STATUSES = ['unverified', 'verified'] as const;

/** Whatever the phone's state, its attempts can be given back (when there are any). */
const attempts = {
  'phone.resetAttempts': { guard: and(['allowed', 'hasAttempts']), actions: 'clearAttempts' },
} as const;

export const phoneMachine = setup({
  types: { context: {} as PhoneContext, events: {} as PhoneEvent, input: {} as PhoneInput },
  actions: { clearAttempts: assign({ attempts: 0 }) },
  guards: {
    allowed: allowedBy(phoneActions),
    hasAttempts: ({ context }) => context.attempts > 0,
  },
}).createMachine({
  id: 'phone',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(PHONE_STATUSES),
    unverified: { on: { ...attempts, 'phone.verify': { guard: 'allowed', target: 'verified', actions: 'clearAttempts' } } },
    verified: { on: attempts },
  },
});

export const phone: Lifecycle<typeof phoneMachine, PhoneSubject> = {
  name: 'phone',
  machine: phoneMachine,
  rows: phoneActions,
};
