import { Msg } from '@/domain/messages';
import { and, setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { creditChangeRefusal } from '@/domain/credit';
import { anyConversion, conversionRefusal } from '@/domain/conversion';
import { creditActions, type CreditContext, type CreditEvent, type CreditSubject } from './credit.actions';

/**
 * A customer's credit: one state whose facts are the balances (and the rates a conversion uses).
 * An increase is always possible; a decrease never takes more than the balance of its type; a
 * conversion needs a balance of the origin that reaches the amount, a rate, and a cent at least in
 * the destination. Without the amounts (the button) it asks whether some conversion is possible.
 */
export const creditMachine = setup({
  types: { context: {} as CreditContext, events: {} as CreditEvent, input: {} as CreditContext },
  guards: {
    allowed: allowedBy(creditActions),
    reaches: ({ context, event }) => event.type !== 'credit.change' || event.amount === undefined || creditChangeRefusal(context.balances, event as Required<typeof event>) === null,
    converts: ({ context, event }) =>
      event.type !== 'credit.convert' ||
      (event.originCurrency === undefined ? anyConversion(context.balances, context.rates) : conversionRefusal(context.balances, context.rates, event as Required<typeof event>) === null),
  },
}).createMachine({
  id: 'customerCredit',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: {
      on: {
        'credit.change': { guard: and(['allowed', 'reaches']), target: 'open', reenter: true },
        'credit.convert': { guard: and(['allowed', 'converts']), target: 'open', reenter: true },
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
