import { setup } from 'xstate';
import { Permission } from '@/domain/permissions';
import { PREPAID_ACTION_PERMISSION, PREPAID_ITEM_STATUSES, type PrepaidItemStatus } from '@/domain/pickup-prepaid';

/**
 * A prepaid card item (spec details §4 "Prepaid card"): approve is offered for OPEN or MANUAL
 * ("En proceso") and queues the card for activation (TO_ACTIVATE, "Por activar"); the provider's
 * fulfilment then assigns it (PENDING_DELIVERY), ships it (IN_TRANSIT), delivers it (DELIVERED)
 * and recharges it (FULFILLED). The recipient's destination can be edited until the card is
 * handed to a courier (OPEN, MANUAL, TO_ACTIVATE): the spec's hiding rule never hides it, which
 * would let staff move a card already on its way (docs/decisions.md).
 */

export interface PrepaidCardInput {
  status: string;
  permissions: readonly string[];
}

export type PrepaidCardContext = PrepaidCardInput;

export type PrepaidCardEvent = { type: 'item.approve' } | { type: 'item.editDestination' };

const may = (context: PrepaidCardContext, permission: string) =>
  context.permissions.includes(Permission.EDITOR) && context.permissions.includes(permission);

export const prepaidCardItemMachine = setup({
  types: { context: {} as PrepaidCardContext, events: {} as PrepaidCardEvent, input: {} as PrepaidCardInput },
  guards: {
    isStatus: ({ context }, params: { status: PrepaidItemStatus }) => context.status === params.status,
    mayApprove: ({ context }) => may(context, PREPAID_ACTION_PERMISSION.approve),
    mayEditDestination: ({ context }) => may(context, PREPAID_ACTION_PERMISSION.editDestination),
  },
}).createMachine({
  id: 'prepaidCardItem',
  context: ({ input }) => ({ status: input.status, permissions: input.permissions }),
  initial: 'loading',
  states: {
    loading: {
      always: PREPAID_ITEM_STATUSES.map((status) => ({ guard: { type: 'isStatus' as const, params: { status } }, target: status })),
    },
    OPEN: {
      on: {
        'item.approve': { guard: 'mayApprove', target: 'TO_ACTIVATE' },
        'item.editDestination': { guard: 'mayEditDestination', target: 'OPEN' },
      },
    },
    MANUAL: {
      on: {
        'item.approve': { guard: 'mayApprove', target: 'TO_ACTIVATE' },
        'item.editDestination': { guard: 'mayEditDestination', target: 'MANUAL' },
      },
    },
    TO_ACTIVATE: {
      on: { 'item.editDestination': { guard: 'mayEditDestination', target: 'TO_ACTIVATE' } },
    },
    PENDING_DELIVERY: {},
    IN_TRANSIT: {},
    DELIVERED: {},
    FULFILLED: {},
    CANCELLED: {},
    REFUND: {},
    REFUND_PARTIAL: {},
    REFUND_TO_CREDIT: {},
  },
});
