import { setup } from 'xstate';
import { APPLIED_RULE_STATUSES } from '@/domain/order-actions';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { paymentRuleActions, type PaymentRuleContext, type PaymentRuleEvent, type PaymentRuleSubject } from './payment-rule.actions';

/**
 * An applied charge rule of an order's payment (spec details §4 "Applied payment rule status"):
 * the customer can be told of the charges that moved money (PAID, PROCESSED) and of a refund
 * (REFUNDED); an authorisation still pending or voided has nothing to tell. The rule's status is
 * the gateway's: staff only notify.
 */

export type { PaymentRuleEvent } from './payment-rule.actions';
export type PaymentRuleInput = PaymentRuleContext;

const notify = (status: 'PAID' | 'PROCESSED' | 'REFUNDED') => ({ on: { 'rule.notify': { guard: 'allowed' as const, target: status } } });

export const paymentRuleMachine = setup({
  types: { context: {} as PaymentRuleContext, events: {} as PaymentRuleEvent, input: {} as PaymentRuleInput },
  guards: { allowed: allowedBy(paymentRuleActions) },
}).createMachine({
  id: 'paymentRule',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(APPLIED_RULE_STATUSES),
    PAID: notify('PAID'),
    PROCESSED: notify('PROCESSED'),
    REFUNDED: notify('REFUNDED'),
    AUTHORIZED: {},
    AUTHORIZATION_VOIDED: {},
    REVERSE_REFUND_TO_CREDIT: {},
  },
});

export const paymentRule: Lifecycle<typeof paymentRuleMachine, PaymentRuleSubject> = {
  name: 'paymentRule',
  machine: paymentRuleMachine,
  rows: paymentRuleActions,
};
