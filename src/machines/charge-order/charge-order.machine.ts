import { and, not, setup } from 'xstate';
import { CHARGE_ORDER_STATUSES } from '@/api/contract/upg';
import { ChargeOrderMsg, chargeRefundRefusal, REFUNDED } from '@/domain/charge-order';
import { mailable } from '@/domain/order-actions';
import { Msg } from '@/domain/messages';
import { resentWithin } from '@/domain/outbox';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { chargeOrderActions, type ChargeOrderContext, type ChargeOrderEvent, type ChargeOrderSubject } from './charge-order.actions';

/** Every state a stored charge order restores to: its statuses, and CLOSED once refunded. */
export const CHARGE_ORDER_STATES = [...CHARGE_ORDER_STATUSES, REFUNDED] as const;

/**
 * A charge order as staff act on it (spec details §4): one held for risk (RISK, DUPLICATE_RISK)
 * is approved (the gateway captures it: CLOSED) or its pre-authorisation voided (VOIDED), as is
 * an OPEN one still pre-authorised; a CLOSED one can be refunded, once, for its full total against
 * a captured transaction of its own and irreversibly (REFUNDED: stored as CLOSED with its refund
 * time) and its closing e-mail sent; a PAID one its payment e-mail; an e-mail needs an address (the
 * one given, else the charge order's own). Nothing else moves it.
 */
export const chargeOrderMachine = setup({
  types: { context: {} as ChargeOrderContext, events: {} as ChargeOrderEvent, input: {} as ChargeOrderContext },
  guards: {
    allowed: allowedBy(chargeOrderActions),
    /** The whole total, against a captured transaction of its own (any, for the button). */
    refundable: ({ context, event }) => event.type !== 'charge.refund' || chargeRefundRefusal(context, event) === null,
    /** The e-mail has somewhere to go: the address given, else the charge order's own. */
    mailable: ({ context, event }) => (event.type !== 'charge.notifyClosed' && event.type !== 'charge.notifyPayment') || mailable(context.email, event.emailForced),
    /** Its e-mail went to that address within the resend window. */
    resent: ({ context, event }) => (event.type === 'charge.notifyClosed' || event.type === 'charge.notifyPayment') && resentWithin(context.sentWithin, event.emailForced),
  },
}).createMachine({
  id: 'chargeOrder',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(CHARGE_ORDER_STATES),
    OPEN: { on: { 'charge.voidPreAuth': { guard: 'allowed', target: 'VOIDED' } } },
    RISK: {
      on: {
        'charge.approve': { guard: 'allowed', target: 'CLOSED' },
        'charge.voidPreAuth': { guard: 'allowed', target: 'VOIDED' },
      },
    },
    DUPLICATE_RISK: {
      on: {
        'charge.approve': { guard: 'allowed', target: 'CLOSED' },
        'charge.voidPreAuth': { guard: 'allowed', target: 'VOIDED' },
      },
    },
    RISK_CONTROL: {},
    PENDING_ZELLE_CONFIRM: {},
    PENDING_PICKUP_CASH: {},
    ERROR_PRE_AUTHORIZE: {},
    VOIDED: {},
    CANCELLED: {},
    CLOSED: {
      on: {
        'charge.refund': { guard: and(['allowed', 'refundable']), target: REFUNDED },
        'charge.notifyClosed': [
          { guard: not('mailable'), meta: { refused: ChargeOrderMsg.noEmail } },
          { guard: 'resent', meta: { refused: Msg.alreadySent } },
          { guard: 'allowed', target: 'CLOSED', reenter: true },
        ],
      },
    },
    PAID: {
      on: {
        'charge.notifyPayment': [
          { guard: not('mailable'), meta: { refused: ChargeOrderMsg.noEmail } },
          { guard: 'resent', meta: { refused: Msg.alreadySent } },
          { guard: 'allowed', target: 'PAID', reenter: true },
        ],
      },
    },
    [REFUNDED]: {},
  },
});

export const chargeOrder: Lifecycle<typeof chargeOrderMachine, ChargeOrderSubject> = {
  name: 'chargeOrder',
  machine: chargeOrderMachine,
  rows: chargeOrderActions,
};
