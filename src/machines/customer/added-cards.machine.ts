import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { ADDED_CARD_STATUSES } from '@/domain/cards';
import { addedCardsActions, type AddedCardsContext, type AddedCardsEvent, type AddedCardsSubject } from './added-cards.actions';

/**
 * A customer's attempts to add a card: clear (no failed one left to clear), open (some failed), or
 * limited (CARD_DECLINES_LIMITED) after 10 failed ones not cleared. A reset clears the failed
 * attempts: offered while there are some, never with nothing to clear.
 */
export const addedCardsMachine = setup({
  types: { context: {} as AddedCardsContext, events: {} as AddedCardsEvent, input: {} as AddedCardsContext },
  guards: { allowed: allowedBy(addedCardsActions) },
}).createMachine({
  id: 'addedCards',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(ADDED_CARD_STATUSES),
    clear: {},
    open: { on: { 'addedCards.reset': { guard: 'allowed', target: 'clear' } } },
    limited: { on: { 'addedCards.reset': { guard: 'allowed', target: 'clear' } } },
  },
});

export { ADDED_CARD_STATUSES };

export const addedCards: Lifecycle<typeof addedCardsMachine, AddedCardsSubject> = {
  name: 'addedCards',
  machine: addedCardsMachine,
  rows: addedCardsActions,
  networkFailure: Msg.networkFailure,
};
