import { Msg } from '@/domain/messages';
import { and, setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { anyTransfer, transferRefusal, TransferMsg } from '@/domain/transfer';
import { transferActions, type TransferContext, type TransferEvent, type TransferSubject } from './transfer.actions';

/**
 * A customer's credit as a source of transfers: one state whose facts are the balances. A transfer
 * never takes more than the balance of its currency; without an amount (the button) it asks
 * whether there is any balance to transfer. The destination is the request's to name: the server
 * finds the one customer it names (none: 404; several: 400), and the chart refuses the source
 * itself or a customer without a phone.
 */
export const transferMachine = setup({
  types: { context: {} as TransferContext, events: {} as TransferEvent, input: {} as TransferContext },
  guards: {
    allowed: allowedBy(transferActions),
    /** The request names the source itself. */
    toItself: ({ context }) => context.destination?.self === true,
    /** The request names a customer without a phone (the transfer records the beneficiary's). */
    phoneless: ({ context }) => context.destination?.phone === false,
    reaches: ({ context, event }) => (event.amount === undefined || event.currency === undefined ? anyTransfer(context.balances) : transferRefusal(context.balances, { amount: event.amount, currency: event.currency }) === null),
  },
}).createMachine({
  id: 'creditTransfer',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: {
      on: {
        'transfer.create': [
          { guard: 'toItself', meta: { refused: TransferMsg.same } },
          { guard: 'phoneless', meta: { refused: TransferMsg.noPhone } },
          { guard: and(['allowed', 'reaches']), target: 'open', reenter: true },
        ],
      },
    },
  },
});

export const creditTransfer: Lifecycle<typeof transferMachine, TransferSubject> = {
  name: 'creditTransfer',
  machine: transferMachine,
  rows: transferActions,
  networkFailure: Msg.networkFailure,
};
