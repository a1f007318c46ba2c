import { not, setup } from 'xstate';
import { APPLIED_RULE_STATUSES, mailable, OrderRefused } from '@/domain/order-actions';
import { Msg } from '@/domain/messages';
import { resentWithin } from '@/domain/outbox';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { paymentRuleActions, type PaymentRuleContext, type PaymentRuleEvent, type PaymentRuleSubject } from './payment-rule.actions';

/**
 * An applied charge rule of an order's payment (spec details §4 "Applied payment rule status"):
 * the customer can be told of the charges that moved money (PAID, PROCESSED) and of a refund
 * (REFUNDED); an authorisation still pending or voided has nothing to tell, and an e-mail needs
 * an address (the one given, else the order's own), and is not sent twice to one address within the
 * outbox's resend window. The rule's status is the gateway's: staff only
 * notify.
 */

export type { PaymentRuleEvent } from './payment-rule.actions';
export type PaymentRuleInput = PaymentRuleContext;

const machine = setup({
  types: { context: {} as PaymentRuleContext, events: {} as PaymentRuleEvent, input: {} as PaymentRuleInput },
  guards: {
    allowed: allowedBy(paymentRuleActions),
    /** The e-mail has somewhere to go: the address given, else the order's own. */
    mailable: ({ context, event }) => mailable(context.email, event.emailForced),
    /** The same e-mail (the payment's or the refund's) went to that address within the resend window. */
    resent: ({ context, event }) => resentWithin(event.refund ? context.sentWithin?.refund : context.sentWithin?.payment, event.emailForced),
  },
});

const notify = (status: 'PAID' | 'PROCESSED' | 'REFUNDED') => ({
  on: {
    'rule.notify': [
      { guard: not('mailable'), meta: { refused: OrderRefused.noEmail } },
      { guard: 'resent' as const, meta: { refused: Msg.alreadySent } },
      { guard: 'allowed' as const, target: status },
    ],
  },
});

export const paymentRuleMachine = machine.createMachine({
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
