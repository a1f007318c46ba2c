import { Msg } from '@/domain/messages';
import { and, assign, not, setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { phoneActions, phonesActions, type PhoneContext, type PhoneEvent, type PhonesContext, type PhonesEvent, type PhonesSubject, type PhoneSubject } from './phone.actions';

/**
 * A customer's phone (spec details §3 "Phone"): verified or not yet, principal or not, until it is
 * deleted. Each verification code sent counts an attempt; staff can give the attempts back when
 * there are any, or verify the number themselves (which also clears its attempts). Exactly one
 * number is the principal: a verified one takes the place (the server drops the old one in the
 * same transaction), and the principal cannot be deleted.
 */

export type { PhoneEvent } from './phone.actions';
export type PhoneInput = PhoneContext;

export const PHONE_STATUSES = ['unverified', 'verified'] as const;

/** Whatever the phone's state: give its attempts back (when there are any), or delete it (unless it is the principal). */
const common = {
  'phone.resetAttempts': { guard: and(['allowed', 'hasAttempts']), actions: 'clearAttempts' },
  'phone.delete': { guard: and(['allowed', not('principal')]), target: 'deleted' },
} as const;

export const phoneMachine = setup({
  types: { context: {} as PhoneContext, events: {} as PhoneEvent, input: {} as PhoneInput },
  actions: { clearAttempts: assign({ attempts: 0 }), becomePrincipal: assign({ principal: true }) },
  guards: {
    allowed: allowedBy(phoneActions),
    hasAttempts: ({ context }) => context.attempts > 0,
    principal: ({ context }) => context.principal,
  },
}).createMachine({
  id: 'phone',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(PHONE_STATUSES),
    unverified: { on: { ...common, 'phone.verify': { guard: 'allowed', target: 'verified', actions: 'clearAttempts' } } },
    verified: { on: { ...common, 'phone.makePrincipal': { guard: and(['allowed', not('principal')]), actions: 'becomePrincipal' } } },
    deleted: { type: 'final' },
  },
});

export const phone: Lifecycle<typeof phoneMachine, PhoneSubject> = {
  name: 'phone',
  machine: phoneMachine,
  rows: phoneActions,
  networkFailure: Msg.networkFailure,
};

/** The customer's phones as a whole: a number is added there (the permission is its only rule). */
export const phonesMachine = setup({
  types: { context: {} as PhonesContext, events: {} as PhonesEvent, input: {} as PhonesContext },
  guards: { allowed: allowedBy(phonesActions) },
}).createMachine({
  id: 'phones',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: { on: { 'phones.create': { guard: 'allowed', target: 'open', reenter: true } } },
  },
});

export const customerPhones: Lifecycle<typeof phonesMachine, PhonesSubject> = {
  name: 'customerPhones',
  machine: phonesMachine,
  rows: phonesActions,
  networkFailure: Msg.networkFailure,
};
