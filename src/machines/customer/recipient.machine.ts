import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type AnyRow, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { bankRecipientActions, homeRecipientActions, type RecipientContext, type RecipientEvent, type RecipientSubject } from './recipient.actions';

/**
 * A saved recipient of the customer's directory (to a bank card or to a home): always editable by
 * whoever may (the permission is its only rule); an edit is recorded as a transition like any
 * other action. Both directories have the same chart over their own row.
 */
const recipientMachine = (id: string, rows: readonly AnyRow[]) =>
  setup({
    types: { context: {} as RecipientContext, events: {} as RecipientEvent, input: {} as RecipientContext },
    guards: { allowed: allowedBy(rows) },
  }).createMachine({
    id,
    context: ({ input }) => ({ ...input }),
    initial: 'restoring',
    states: {
      restoring: restoreStatus(['saved'] as const),
      saved: { on: { 'recipient.update': { guard: 'allowed', target: 'saved', reenter: true } } },
    },
  });

export const homeRecipientMachine = recipientMachine('homeRecipient', homeRecipientActions);
export const bankRecipientMachine = recipientMachine('bankRecipient', bankRecipientActions);

export const homeRecipient: Lifecycle<typeof homeRecipientMachine, RecipientSubject> = {
  name: 'homeRecipient',
  machine: homeRecipientMachine,
  rows: homeRecipientActions,
  networkFailure: Msg.networkFailure,
};

export const bankRecipient: Lifecycle<typeof bankRecipientMachine, RecipientSubject> = {
  name: 'bankRecipient',
  machine: bankRecipientMachine,
  rows: bankRecipientActions,
  networkFailure: Msg.networkFailure,
};
