import { Msg } from '@/domain/messages';
import { and, setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { FRAUD_STATUSES } from '@/domain/customer-fraud';
import { fraudActions, type FraudContext, type FraudEvent, type FraudSubject } from './fraud.actions';

/**
 * A customer's card-fraud contamination: clean (none of their saved cards on the blacklist) or
 * contaminated (read from the blacklist, not stored twice). Contaminating lists the cards and sets
 * the honesty to Fraude: it needs saved cards to list; decontaminating unlists them and sets the
 * honesty chosen.
 */
export const fraudMachine = setup({
  types: { context: {} as FraudContext, events: {} as FraudEvent, input: {} as FraudContext },
  guards: { allowed: allowedBy(fraudActions), hasCards: ({ context }) => context.cards > 0 },
}).createMachine({
  id: 'customerFraud',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(FRAUD_STATUSES),
    clean: { on: { 'fraud.contaminate': { guard: and(['allowed', 'hasCards']), target: 'contaminated' } } },
    contaminated: { on: { 'fraud.decontaminate': { guard: 'allowed', target: 'clean' } } },
  },
});

export { FRAUD_STATUSES };

export const customerFraud: Lifecycle<typeof fraudMachine, FraudSubject> = {
  name: 'customerFraud',
  machine: fraudMachine,
  rows: fraudActions,
  networkFailure: Msg.networkFailure,
};
