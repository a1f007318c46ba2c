import { and, assign, setup } from 'xstate';
import { refundOffered } from '@/domain/order-actions';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { refundActions, type RefundContext, type RefundEvent } from './refund.actions';
import type { OfferSubject } from './offer.actions';
import { cents, partialRefundRefusal, refundLeft } from './refund-left';

/**
 * Refunds of an offer to the payment method (spec details §4–§5). An amount of at least 0.1 and
 * at most what is left of the offer's price (on a compound payment the amount or the item's
 * value); the refund is total when it takes what is left. Offered only for products and statuses
 * the refund buttons are shown for.
 */

export type { RefundEvent } from './refund.actions';
export type RefundInput = RefundContext;

/** The amount of a partial refund the chart takes (at least 0.1, at most what is left), or null. */
const takenAmount = (context: RefundContext, event: RefundEvent) => (event.type === 'refund.partial' && event.amount !== undefined && partialRefundRefusal(context, event.amount) === null ? event.amount : null);

/** Until everything is refunded, a refund takes part (or what is left) of the price. */
const refunds = {
  'refund.partial': [
    { guard: and(['allowed', 'refundOffered', 'closingAmount']), target: 'refunded', actions: 'addRefund' },
    { guard: and(['allowed', 'refundOffered', 'partialAmount']), target: 'partiallyRefunded', actions: 'addRefund' },
  ],
  'refund.full': { guard: and(['allowed', 'refundOffered']), target: 'refunded', actions: 'addRefund' },
} as const;

export const refundMachine = setup({
  types: { context: {} as RefundContext, events: {} as RefundEvent, input: {} as RefundInput },
  actions: {
    addRefund: assign(({ context, event }) => ({
      refunded: event.type === 'refund.full' ? context.price : (cents(context.refunded) + cents(event.amount ?? 0)) / 100,
    })),
  },
  guards: {
    allowed: allowedBy(refundActions),
    refundOffered: ({ context }) => refundOffered(context.productType, context.itemStatus),
    nothingRefunded: ({ context }) => cents(context.refunded) === 0,
    somethingLeft: ({ context }) => cents(context.refunded) < cents(context.price),
    /** An amount that leaves something: a partial refund. */
    partialAmount: ({ context, event }) => {
      const amount = takenAmount(context, event);
      return amount !== null && cents(amount) < cents(refundLeft(context));
    },
    /** An amount that takes what is left: the refund becomes total. */
    closingAmount: ({ context, event }) => {
      const amount = takenAmount(context, event);
      return amount !== null && cents(amount) === cents(refundLeft(context));
    },
  },
}).createMachine({
  id: 'refund',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    // Not a stored status: what is refunded says where the offer stands.
    restoring: {
      always: [
        { guard: 'nothingRefunded', target: 'notRefunded' },
        { guard: 'somethingLeft', target: 'partiallyRefunded' },
        { target: 'refunded' },
      ],
    },
    notRefunded: { on: refunds },
    partiallyRefunded: { on: refunds },
    refunded: { type: 'final' },
  },
});

export const refund: Lifecycle<typeof refundMachine, OfferSubject> = {
  name: 'refund',
  machine: refundMachine,
  rows: refundActions,
};
