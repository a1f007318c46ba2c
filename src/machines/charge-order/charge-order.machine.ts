import { setup } from 'xstate';
import { CHARGE_ORDER_STATUSES } from '@/api/contract/upg';
import { REFUNDED } from '@/domain/charge-order';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { chargeOrderActions, type ChargeOrderContext, type ChargeOrderEvent, type ChargeOrderSubject } from './charge-order.actions';

/** Every state a stored charge order restores to: its statuses, and CLOSED once refunded. */
export const CHARGE_ORDER_STATES = [...CHARGE_ORDER_STATUSES, REFUNDED] as const;

/**
 * A charge order as staff act on it (spec details §4): one held for risk (RISK, DUPLICATE_RISK)
 * is approved (the gateway captures it: CLOSED) or its pre-authorisation voided (VOIDED), as is
 * an OPEN one still pre-authorised; a CLOSED one can be refunded, once, for its full total and
 * irreversibly (REFUNDED: stored as CLOSED with its refund time) and its closing e-mail sent; a
 * PAID one its payment e-mail. Nothing else moves it.
 */
export const chargeOrderMachine = setup({
  types: { context: {} as ChargeOrderContext, events: {} as ChargeOrderEvent, input: {} as ChargeOrderContext },
  guards: { allowed: allowedBy(chargeOrderActions) },
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
        'charge.refund': { guard: 'allowed', target: REFUNDED },
        'charge.notifyClosed': { guard: 'allowed', target: 'CLOSED', reenter: true },
      },
    },
    PAID: { on: { 'charge.notifyPayment': { guard: 'allowed', target: 'PAID', reenter: true } } },
    [REFUNDED]: {},
  },
});

export const chargeOrder: Lifecycle<typeof chargeOrderMachine, ChargeOrderSubject> = {
  name: 'chargeOrder',
  machine: chargeOrderMachine,
  rows: chargeOrderActions,
};
