import { assign, setup } from 'xstate';
import { MIN_REFUND, ORDER_ACTION_PERMISSION, refundOffered } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';

/**
 * Refunds of an offer to the payment method (spec details §4–§5). An amount of at least 0.1 and
 * at most what is left of the offer's price; the refund is total when it takes what is left.
 * Offered only for products and statuses the refund buttons are shown for.
 */

export interface RefundInput {
  price: number;
  refunded: number;
  productType: string;
  itemStatus: string;
  permissions: readonly string[];
}

export type RefundContext = RefundInput;

export type RefundEvent = { type: 'refund.partial'; amount: number } | { type: 'refund.full' };

const cents = (n: number) => Math.round(n * 100);
const left = (context: RefundContext) => (cents(context.price) - cents(context.refunded)) / 100;
const allowed = (context: RefundContext) =>
  context.permissions.includes(Permission.EDITOR) &&
  context.permissions.includes(ORDER_ACTION_PERMISSION.refund) &&
  refundOffered(context.productType, context.itemStatus);

/** Until everything is refunded, a refund takes part (or what is left) of the price. */
const refunds = {
  'refund.partial': [
    { guard: 'closingAmount', target: 'refunded', actions: 'addRefund' },
    { guard: 'partialAmount', target: 'partiallyRefunded', actions: 'addRefund' },
  ],
  'refund.full': { guard: 'mayRefund', target: 'refunded', actions: 'addRefund' },
} as const;

export const refundMachine = setup({
  types: { context: {} as RefundContext, events: {} as RefundEvent, input: {} as RefundInput },
  actions: {
    addRefund: assign(({ context, event }) => ({
      refunded: event.type === 'refund.full' ? context.price : (cents(context.refunded) + cents(event.amount)) / 100,
    })),
  },
  guards: {
    nothingRefunded: ({ context }) => cents(context.refunded) === 0,
    somethingLeft: ({ context }) => cents(context.refunded) < cents(context.price),
    mayRefund: ({ context }) => allowed(context),
    /** An amount that leaves something: a partial refund. */
    partialAmount: ({ context, event }) =>
      allowed(context) && event.type === 'refund.partial' && cents(event.amount) >= cents(MIN_REFUND) && cents(event.amount) < cents(left(context)),
    /** An amount that takes what is left: the refund becomes total. */
    closingAmount: ({ context, event }) =>
      allowed(context) && event.type === 'refund.partial' && cents(event.amount) >= cents(MIN_REFUND) && cents(event.amount) === cents(left(context)),
  },
}).createMachine({
  id: 'refund',
  context: ({ input }) => ({ ...input }),
  initial: 'loading',
  states: {
    loading: {
      always: [
        { guard: 'nothingRefunded', target: 'notRefunded' },
        { guard: 'somethingLeft', target: 'partiallyRefunded' },
        { target: 'refunded' },
      ],
    },
    notRefunded: {
      on: refunds,
    },
    partiallyRefunded: {
      on: refunds,
    },
    refunded: { type: 'final' },
  },
});

/** What is left to refund. */
export function refundLeft(context: { price: number; refunded: number }): number {
  return left(context as RefundContext);
}
