import { and, not, setup } from 'xstate';
import { ORDER_STATUSES } from '@/domain/order-status';
import { mailable, OrderRefused } from '@/domain/order-actions';
import { Msg } from '@/domain/messages';
import { resentWithin } from '@/domain/outbox';
import { cents } from './refund-left';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { orderActions, type OrderContext, type OrderEvent, type OrderSubject } from './order.actions';

/**
 * The order's lifecycle as staff act on it (spec details §4): RISK / DUPLICATE_RISK can be
 * approved (the order goes on to be fulfilled: OPEN) or cancelled (the pre-authorisation is
 * voided); PENDING_ZELLE_CONFIRM can be cancelled; an OPEN order whose total refund is allowed
 * can be refunded in full; an OPEN order whose items all finished settles (CLL1); any order
 * not CLOSED can be closed, except a CANCELLED one (docs/decisions.md); a CLOSED one can be
 * notified, at the address given or its own (without either the chart says so), not twice to one
 * address within the outbox's resend window. A compensation
 * changes no status and is the order's total or part of it, never more (the chart says so too).
 * Who may is the action table's.
 */

export type { OrderEvent } from './order.actions';
export type OrderInput = OrderContext;

export const orderMachine = setup({
  types: { context: {} as OrderContext, events: {} as OrderEvent, input: {} as OrderInput },
  actions: {
    /** A move that keeps the status: the action is taken and recorded, the order stays. */
    stay: () => {},
  },
  guards: {
    allowed: allowedBy(orderActions),
    totalRefundAllowed: ({ context }) => context.totalRefundAllowed,
    itemsFinished: ({ context }) => context.itemsFinished,
    /** The amount asked (the whole total when none is) is something, and no more than the total. */
    withinTotal: ({ context, event }) => {
      const amount = event.type === 'order.compensate' && event.amount !== undefined ? event.amount : context.total;
      return cents(amount) > 0 && cents(amount) <= cents(context.total);
    },
    /** The e-mail has somewhere to go: the address given, else the order's own. */
    mailable: ({ context, event }) => event.type !== 'order.notifyClosed' || mailable(context.email, event.emailForced),
    /** The same closing e-mail went to that address within the resend window. */
    resent: ({ context, event }) => event.type === 'order.notifyClosed' && resentWithin(context.sentWithin, event.emailForced),
  },
}).createMachine({
  id: 'order',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  on: {
    // Every status but CLOSED and CANCELLED can be closed (they refuse it themselves).
    'order.close': { guard: 'allowed', target: '.CLOSED' },
    'order.compensate': [
      { guard: not('withinTotal'), meta: { refused: OrderRefused.compensationAboveTotal } },
      { guard: 'allowed', actions: 'stay' },
    ],
  },
  states: {
    restoring: restoreStatus(ORDER_STATUSES),
    OPEN: {
      on: {
        'order.refundFull': { guard: and(['allowed', 'totalRefundAllowed']), target: 'CLOSED' },
        'order.settle': { guard: and(['allowed', 'itemsFinished']), target: 'CLOSED' },
      },
    },
    RISK: {
      on: {
        'order.approve': { guard: 'allowed', target: 'OPEN' },
        'order.cancel': { guard: 'allowed', target: 'CANCELLED' },
      },
    },
    DUPLICATE_RISK: {
      on: {
        'order.approve': { guard: 'allowed', target: 'OPEN' },
        'order.cancel': { guard: 'allowed', target: 'CANCELLED' },
      },
    },
    RISK_CONTROL: {},
    PENDING_ZELLE_CONFIRM: {
      on: { 'order.cancel': { guard: 'allowed', target: 'CANCELLED' } },
    },
    PENDING_PICKUP_CASH: {},
    ERROR_PRE_AUTHORIZE: {},
    VOIDED: {},
    // Cancelled is final: nothing was delivered, so there is nothing to close.
    CANCELLED: { on: { 'order.close': {} } },
    CLOSED: {
      on: {
        // Already closed: the root's close must not apply.
        'order.close': {},
        'order.notifyClosed': [
          { guard: not('mailable'), meta: { refused: OrderRefused.noEmail } },
          { guard: 'resent', meta: { refused: Msg.alreadySent } },
          { guard: 'allowed', target: 'CLOSED' },
        ],
      },
    },
  },
});

export const order: Lifecycle<typeof orderMachine, OrderSubject> = {
  name: 'order',
  machine: orderMachine,
  rows: orderActions,
};
