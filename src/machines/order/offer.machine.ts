import { assign, setup } from 'xstate';
import { ORDER_ACTION_PERMISSION, refundOffered } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';

/**
 * An offer (fulfilment order) and its pass to credit (spec details §4): OPEN or CLOSED can move
 * to REFUND_TO_CREDIT (the customer's balance is credited) unless the refund buttons are hidden
 * for the offer's product and item status; only CRM2_SUPER_ACTION moves it back, to the status it
 * came from.
 */

export const OFFER_STATUSES = ['OPEN', 'CLOSED', 'REFUND_TO_CREDIT'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export interface OfferInput {
  status: OfferStatus;
  /** Where REFUND_TO_CREDIT came from (OPEN or CLOSED); a revert goes back there. */
  previousStatus: 'OPEN' | 'CLOSED' | null;
  /** The product and status of the offer's item: "to credit" hides with the other refund buttons. */
  productType: string;
  itemStatus: string;
  permissions: readonly string[];
}

export type OfferContext = OfferInput;

export type OfferEvent = { type: 'offer.toCredit' } | { type: 'offer.revertCredit' };

const may = (context: OfferContext, permission: string) =>
  context.permissions.includes(Permission.EDITOR) && context.permissions.includes(permission);

export const offerMachine = setup({
  types: { context: {} as OfferContext, events: {} as OfferEvent, input: {} as OfferInput },
  actions: {
    /** Remember where the offer came from: a revert goes back there. */
    rememberStatus: assign(({ context }) => ({ previousStatus: context.status === 'CLOSED' ? ('CLOSED' as const) : ('OPEN' as const), status: 'REFUND_TO_CREDIT' as const })),
    restoreStatus: assign(({ context }) => ({ status: context.previousStatus === 'OPEN' ? ('OPEN' as const) : ('CLOSED' as const), previousStatus: null })),
  },
  guards: {
    isStatus: ({ context }, params: { status: OfferStatus }) => context.status === params.status,
    mayPassToCredit: ({ context }) => may(context, ORDER_ACTION_PERMISSION.toCredit) && refundOffered(context.productType, context.itemStatus),
    mayRevertToOpen: ({ context }) => may(context, ORDER_ACTION_PERMISSION.revertCredit) && context.previousStatus === 'OPEN',
    mayRevertToClosed: ({ context }) => may(context, ORDER_ACTION_PERMISSION.revertCredit) && context.previousStatus !== 'OPEN',
  },
}).createMachine({
  id: 'offer',
  context: ({ input }) => ({ ...input }),
  initial: 'loading',
  states: {
    loading: {
      always: OFFER_STATUSES.map((status) => ({ guard: { type: 'isStatus' as const, params: { status } }, target: status })),
    },
    OPEN: { on: { 'offer.toCredit': { guard: 'mayPassToCredit', target: 'REFUND_TO_CREDIT', actions: 'rememberStatus' } } },
    CLOSED: { on: { 'offer.toCredit': { guard: 'mayPassToCredit', target: 'REFUND_TO_CREDIT', actions: 'rememberStatus' } } },
    REFUND_TO_CREDIT: {
      on: {
        'offer.revertCredit': [
          { guard: 'mayRevertToOpen', target: 'OPEN', actions: 'restoreStatus' },
          { guard: 'mayRevertToClosed', target: 'CLOSED', actions: 'restoreStatus' },
        ],
      },
    },
  },
});
