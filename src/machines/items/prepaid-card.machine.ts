import { and, setup } from 'xstate';
import { PREPAID_ITEM_STATUSES } from '@/domain/pickup-prepaid';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { prepaidCardActions, type PrepaidCardContext, type PrepaidCardEvent } from './prepaid-card.actions';
import { heldForRisk, heldPayout, type ItemSubject } from './item';

/**
 * A prepaid card item (spec details §4 "Prepaid card"): approve is offered for OPEN or MANUAL
 * ("En proceso") and queues the card for activation (TO_ACTIVATE, "Por activar"); the provider's
 * fulfilment then assigns it (PENDING_DELIVERY), ships it (IN_TRANSIT), delivers it (DELIVERED)
 * and recharges it (FULFILLED). The recipient's destination can be edited until the card is
 * handed to a courier (OPEN, MANUAL, TO_ACTIVATE): the spec's hiding rule never hides it, which
 * would let staff move a card already on its way (docs/decisions.md). Approving waits for the
 * order's risk review.
 */

export type { PrepaidCardEvent } from './prepaid-card.actions';
export type PrepaidCardInput = PrepaidCardContext;

const approve = [heldPayout(and(['allowed', 'held'])), { guard: 'allowed', target: 'TO_ACTIVATE' }] as const;
const edit = (status: 'OPEN' | 'MANUAL' | 'TO_ACTIVATE') => ({ guard: and(['allowed', 'hasDestination']), target: status });

export const prepaidCardItemMachine = setup({
  types: { context: {} as PrepaidCardContext, events: {} as PrepaidCardEvent, input: {} as PrepaidCardInput },
  guards: {
    allowed: allowedBy(prepaidCardActions),
    held: heldForRisk,
    hasDestination: ({ context }) => context.hasDestination,
  },
}).createMachine({
  id: 'prepaidCardItem',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(PREPAID_ITEM_STATUSES),
    OPEN: { on: { 'item.approve': approve, 'item.editDestination': edit('OPEN') } },
    MANUAL: { on: { 'item.approve': approve, 'item.editDestination': edit('MANUAL') } },
    TO_ACTIVATE: { on: { 'item.editDestination': edit('TO_ACTIVATE') } },
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

export const prepaidCard: Lifecycle<typeof prepaidCardItemMachine, ItemSubject> = {
  name: 'prepaidCardItem',
  machine: prepaidCardItemMachine,
  rows: prepaidCardActions,
};
