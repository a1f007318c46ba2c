import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { homeRecipientActions, type RecipientContext, type RecipientEvent, type RecipientSubject } from './recipient.actions';

/**
 * A saved recipient of the customer's directory: always editable by whoever may (the permission
 * is its only rule); an edit is recorded as a transition like any other action.
 */
export const homeRecipientMachine = setup({
  types: { context: {} as RecipientContext, events: {} as RecipientEvent, input: {} as RecipientContext },
  guards: { allowed: allowedBy(homeRecipientActions) },
}).createMachine({
  id: 'homeRecipient',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['saved'] as const),
    saved: { on: { 'recipient.update': { guard: 'allowed', target: 'saved', reenter: true } } },
  },
});

export const homeRecipient: Lifecycle<typeof homeRecipientMachine, RecipientSubject> = {
  name: 'homeRecipient',
  machine: homeRecipientMachine,
  rows: homeRecipientActions,
};
