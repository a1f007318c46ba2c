import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { ADDED_CARD_STATUSES } from '@/domain/cards';
import { addedCardsActions, type AddedCardsContext, type AddedCardsEvent, type AddedCardsSubject } from './added-cards.actions';

/**
 * A customer's attempts to add a card: open, or limited (CARD_DECLINES_LIMITED) after 10 failed
 * ones not cleared. A reset clears the failed attempts and opens the customer again; it is offered
 * in either state (the server refuses one with nothing to clear).
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
    open: { on: { 'addedCards.reset': { guard: 'allowed', target: 'open', reenter: true } } },
    limited: { on: { 'addedCards.reset': { guard: 'allowed', target: 'open' } } },
  },
});

export { ADDED_CARD_STATUSES };

export const addedCards: Lifecycle<typeof addedCardsMachine, AddedCardsSubject> = {
  name: 'addedCards',
  machine: addedCardsMachine,
  rows: addedCardsActions,
  networkFailure: Msg.networkFailure,
};
