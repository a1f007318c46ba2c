import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { creditActions, type CreditContext, type CreditEvent, type CreditSubject } from './credit.actions';

/** A customer's credit: always open to a change or a conversion by whoever may (the balance is the server's to check). */
export const creditMachine = setup({
  types: { context: {} as CreditContext, events: {} as CreditEvent, input: {} as CreditContext },
  guards: { allowed: allowedBy(creditActions) },
}).createMachine({
  id: 'customerCredit',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: {
      on: {
        'credit.change': { guard: 'allowed', target: 'open', reenter: true },
        'credit.convert': { guard: 'allowed', target: 'open', reenter: true },
      },
    },
  },
});

export const customerCredit: Lifecycle<typeof creditMachine, CreditSubject> = {
  name: 'customerCredit',
  machine: creditMachine,
  rows: creditActions,
  networkFailure: Msg.networkFailure,
};
