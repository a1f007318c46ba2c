import { setup } from 'xstate';
import { ORDER_ACTION_PERMISSION } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';

/**
 * An offer (fulfilment order) and its pass to credit (spec details §4): OPEN or CLOSED can move
 * to REFUND_TO_CREDIT (the customer's balance is credited); only CRM2_SUPER_ACTION moves it back,
 * to the status it came from.
 */

export const OFFER_STATUSES = ['OPEN', 'CLOSED', 'REFUND_TO_CREDIT'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export interface OfferInput {
  status: OfferStatus;
  /** Where REFUND_TO_CREDIT came from (OPEN or CLOSED); a revert goes back there. */
  previousStatus: 'OPEN' | 'CLOSED' | null;
  permissions: readonly string[];
}

export interface OfferContext {
  status: OfferStatus;
  previousStatus: 'OPEN' | 'CLOSED' | null;
  permissions: readonly string[];
}

export type OfferEvent = { type: 'offer.toCredit' } | { type: 'offer.revertCredit' };

const may = (context: OfferContext, permission: string) =>
  context.permissions.includes(Permission.EDITOR) && context.permissions.includes(permission);

export const offerMachine = setup({
  types: { context: {} as OfferContext, events: {} as OfferEvent, input: {} as OfferInput },
  guards: {
    isStatus: ({ context }, params: { status: OfferStatus }) => context.status === params.status,
    mayPassToCredit: ({ context }) => may(context, ORDER_ACTION_PERMISSION.toCredit),
    mayRevertToOpen: ({ context }) => may(context, ORDER_ACTION_PERMISSION.revertCredit) && context.previousStatus === 'OPEN',
    mayRevertToClosed: ({ context }) => may(context, ORDER_ACTION_PERMISSION.revertCredit) && context.previousStatus !== 'OPEN',
  },
}).createMachine({
  id: 'offer',
  context: ({ input }) => ({ status: input.status, previousStatus: input.previousStatus, permissions: input.permissions }),
  initial: 'loading',
  states: {
    loading: {
      always: OFFER_STATUSES.map((status) => ({ guard: { type: 'isStatus' as const, params: { status } }, target: status })),
    },
    OPEN: { on: { 'offer.toCredit': { guard: 'mayPassToCredit', target: 'REFUND_TO_CREDIT' } } },
    CLOSED: { on: { 'offer.toCredit': { guard: 'mayPassToCredit', target: 'REFUND_TO_CREDIT' } } },
    REFUND_TO_CREDIT: {
      on: {
        'offer.revertCredit': [
          { guard: 'mayRevertToOpen', target: 'OPEN' },
          { guard: 'mayRevertToClosed', target: 'CLOSED' },
        ],
      },
    },
  },
});
