import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { transferActions, type TransferContext, type TransferEvent, type TransferSubject } from './transfer.actions';

/** A customer's credit as a source of transfers: always open to one by whoever may (the balance and the destination are the server's to check). */
export const transferMachine = setup({
  types: { context: {} as TransferContext, events: {} as TransferEvent, input: {} as TransferContext },
  guards: { allowed: allowedBy(transferActions) },
}).createMachine({
  id: 'creditTransfer',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: { on: { 'transfer.create': { guard: 'allowed', target: 'open', reenter: true } } },
  },
});

export const creditTransfer: Lifecycle<typeof transferMachine, TransferSubject> = {
  name: 'creditTransfer',
  machine: transferMachine,
  rows: transferActions,
  networkFailure: Msg.networkFailure,
};
