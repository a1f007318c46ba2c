import { Msg } from '@/domain/messages';
import { and, assign, not, setup } from 'xstate';
import { allowedBy, type Lifecycle, type RefusalMeta } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { CARD_STATUSES, CardMsg } from '@/domain/cards';
import { cardActions, type CardContext, type CardEvent, type CardSubject } from './card.actions';

/**
 * A saved card's verification (spec details §4 "Card"): not verified → verification started (the
 * test charge, `init`) → verified by hand; or papers requested → Verificado / Verificado X Papeles
 * (verified) or Denegado X Papeles (denied, statusPapers 3). A verified card can be unverified; a
 * denied one can start over. Whatever the verification, the card can be hidden from the customer
 * or shown again (its visible flag) and its gateway changed (to another one: the same is refused).
 */

export { CARD_STATUSES };

type CardState = 'unverified' | 'started' | 'denied' | 'papersRequested' | 'verified';

/** Whatever the verification: hide or show the card, change the gateway its charges go through (a move to the same state). */
const always = (state: CardState) =>
  ({
    'card.hide': { guard: and(['allowed', 'visible']), actions: 'hide' },
    'card.restore': { guard: and(['allowed', not('visible')]), actions: 'restore' },
    'card.gateway': [
      { guard: and(['allowed', 'sameGateway']), meta: { refused: CardMsg.sameGateway } satisfies RefusalMeta },
      { guard: 'allowed', target: state, reenter: true, actions: 'gateway' },
    ],
  }) as const;

/** What a card not yet verified may do: start the charge, be verified by hand, or ask for papers. */
const toVerify = (state: CardState) =>
  ({
    ...always(state),
    'card.verify': { guard: 'allowed', target: 'verified' },
    'card.requestPapers': { guard: 'allowed', target: 'papersRequested' },
  }) as const;

export const cardMachine = setup({
  types: { context: {} as CardContext, events: {} as CardEvent, input: {} as CardContext },
  actions: {
    hide: assign({ visible: false }),
    restore: assign({ visible: true }),
    gateway: assign(({ context, event }) => ({ paymentSystem: event.type === 'card.gateway' ? (event.paymentSystem ?? context.paymentSystem) : context.paymentSystem })),
  },
  guards: {
    allowed: allowedBy(cardActions),
    visible: ({ context }) => context.visible,
    sameGateway: ({ context, event }) => event.type === 'card.gateway' && event.paymentSystem === context.paymentSystem,
  },
}).createMachine({
  id: 'card',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(CARD_STATUSES),
    unverified: { on: { ...toVerify('unverified'), 'card.init': { guard: 'allowed', target: 'started' } } },
    started: { on: toVerify('started') },
    denied: { on: { ...toVerify('denied'), 'card.init': { guard: 'allowed', target: 'started' } } },
    papersRequested: {
      on: {
        ...always('papersRequested'),
        'card.papersVerified': { guard: 'allowed', target: 'verified' },
        'card.papersVerifiedByPapers': { guard: 'allowed', target: 'verified' },
        'card.papersDenied': { guard: 'allowed', target: 'denied' },
      },
    },
    verified: { on: { ...always('verified'), 'card.unverify': { guard: 'allowed', target: 'unverified' } } },
  },
});

export const savedCard: Lifecycle<typeof cardMachine, CardSubject> = {
  name: 'card',
  machine: cardMachine,
  rows: cardActions,
  networkFailure: Msg.networkFailure,
};
