import { setup } from 'xstate';
import { ORDER_STATUSES, type OrderStatus } from '@/domain/order-status';
import { ORDER_ACTION_PERMISSION } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';

/**
 * The order's lifecycle as staff act on it (spec details §4): RISK / DUPLICATE_RISK can be
 * approved (the order goes on to be fulfilled: OPEN) or cancelled (the pre-authorisation is
 * voided); PENDING_ZELLE_CONFIRM can be cancelled; an OPEN order whose total refund is allowed
 * can be refunded in full; any order not CLOSED can be closed.
 *
 * The same chart answers the screen ("show Aprobar?") and the server ("is this legal now?"):
 * the actor's permissions come in the input, so a guard fails for a reader as it does for a
 * status. The chart starts in the stored status (an eventless step from `loading`).
 */

export interface OrderRiskInput {
  status: OrderStatus;
  permissions: readonly string[];
  totalRefundAllowed: boolean;
}

export interface OrderRiskContext {
  permissions: readonly string[];
  totalRefundAllowed: boolean;
  status: OrderStatus;
}

export type OrderRiskEvent =
  | { type: 'order.approve' }
  | { type: 'order.cancel' }
  | { type: 'order.refundFull' }
  | { type: 'order.close' };

const may = (context: OrderRiskContext, permission: string) =>
  context.permissions.includes(Permission.EDITOR) && context.permissions.includes(permission);

export const orderRiskMachine = setup({
  types: {
    context: {} as OrderRiskContext,
    events: {} as OrderRiskEvent,
    input: {} as OrderRiskInput,
  },
  guards: {
    isStatus: ({ context }, params: { status: OrderStatus }) => context.status === params.status,
    mayApproveRisk: ({ context }) => may(context, ORDER_ACTION_PERMISSION.approveRisk),
    mayCancelRisk: ({ context }) => may(context, ORDER_ACTION_PERMISSION.cancelRisk),
    mayCancelZelle: ({ context }) => may(context, ORDER_ACTION_PERMISSION.cancelZelle),
    mayClose: ({ context }) => may(context, ORDER_ACTION_PERMISSION.close),
    mayRefundFull: ({ context }) => context.totalRefundAllowed && may(context, ORDER_ACTION_PERMISSION.refund),
  },
}).createMachine({
  id: 'orderRisk',
  context: ({ input }) => ({ permissions: input.permissions, totalRefundAllowed: input.totalRefundAllowed, status: input.status }),
  initial: 'loading',
  on: {
    // Every status but CLOSED can be closed (CLOSED handles the event itself and refuses it).
    'order.close': { guard: 'mayClose', target: '.CLOSED' },
  },
  states: {
    loading: {
      always: ORDER_STATUSES.map((status) => ({ guard: { type: 'isStatus' as const, params: { status } }, target: status })),
    },
    OPEN: {
      on: { 'order.refundFull': { guard: 'mayRefundFull', target: 'CLOSED' } },
    },
    RISK: {
      on: {
        'order.approve': { guard: 'mayApproveRisk', target: 'OPEN' },
        'order.cancel': { guard: 'mayCancelRisk', target: 'CANCELLED' },
      },
    },
    DUPLICATE_RISK: {
      on: {
        'order.approve': { guard: 'mayApproveRisk', target: 'OPEN' },
        'order.cancel': { guard: 'mayCancelRisk', target: 'CANCELLED' },
      },
    },
    RISK_CONTROL: {},
    PENDING_ZELLE_CONFIRM: {
      on: { 'order.cancel': { guard: 'mayCancelZelle', target: 'CANCELLED' } },
    },
    PENDING_PICKUP_CASH: {},
    ERROR_PRE_AUTHORIZE: {},
    VOIDED: {},
    CANCELLED: {},
    CLOSED: {
      // Already closed: nothing to do, and the root's close must not apply.
      on: { 'order.close': {} },
    },
  },
});

/** The status a settled snapshot stands for. */
export function orderStatusOf(value: unknown): OrderStatus {
  return value as OrderStatus;
}
