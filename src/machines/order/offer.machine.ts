import { and, assign, setup } from 'xstate';
import { refundOffered } from '@/domain/order-actions';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { OFFER_STATUSES, offerActions, type OfferContext, type OfferEvent, type OfferSubject } from './offer.actions';
import { creditRefusal } from './refund-left';

/**
 * An offer (fulfilment order) and its pass to credit (spec details §4): OPEN or CLOSED can move
 * to REFUND_TO_CREDIT (the customer's balance is credited) unless the refund buttons are hidden
 * for the offer's product and item status, for an amount of at least 0.1 and at most what is left of
 * its price (what is left when none is named); a revert goes back to the status it came from,
 * taking the credit back: only while the customer still holds it.
 */

export { OFFER_STATUSES, type OfferStatus, type OfferEvent } from './offer.actions';
export type OfferInput = OfferContext;

const toCredit = { guard: and(['allowed', 'refundOffered', 'creditAmount']), target: 'REFUND_TO_CREDIT', actions: 'rememberStatus' } as const;

export const offerMachine = setup({
  types: { context: {} as OfferContext, events: {} as OfferEvent, input: {} as OfferInput },
  actions: {
    /** Remember where the offer came from: a revert goes back there. */
    rememberStatus: assign(({ context }) => ({ previousStatus: context.status === 'CLOSED' ? ('CLOSED' as const) : ('OPEN' as const), status: 'REFUND_TO_CREDIT' as const, creditHeld: true })),
    restoreStatus: assign(({ context }) => ({ status: context.previousStatus === 'OPEN' ? ('OPEN' as const) : ('CLOSED' as const), previousStatus: null })),
  },
  guards: {
    allowed: allowedBy(offerActions),
    refundOffered: ({ context }) => refundOffered(context.productType, context.itemStatus),
    /** The amount named (what is left when none is) is within what is left of the price. */
    creditAmount: ({ context, event }) => event.type !== 'offer.toCredit' || creditRefusal(context, event.amount) === null,
    cameFromOpen: ({ context }) => context.previousStatus === 'OPEN',
    creditHeld: ({ context }) => context.creditHeld,
  },
}).createMachine({
  id: 'offer',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(OFFER_STATUSES),
    OPEN: { on: { 'offer.toCredit': toCredit } },
    CLOSED: { on: { 'offer.toCredit': toCredit } },
    REFUND_TO_CREDIT: {
      on: {
        'offer.revertCredit': [
          { guard: and(['allowed', 'creditHeld', 'cameFromOpen']), target: 'OPEN', actions: 'restoreStatus' },
          { guard: and(['allowed', 'creditHeld']), target: 'CLOSED', actions: 'restoreStatus' },
        ],
      },
    },
  },
});

export const offer: Lifecycle<typeof offerMachine, OfferSubject> = {
  name: 'offer',
  machine: offerMachine,
  rows: offerActions,
};
