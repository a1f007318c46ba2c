import { assign, setup } from 'xstate';

/**
 * A detail page (the order page) kept up to date (issue 14 §4): when the stream says its entity
 * changed, the page reads it again and says so, unless the change is the person's own (the first
 * change after their action's request left, which their panel re-reads by itself).
 */

export interface LiveDetailContext {
  /** Bumped to read the page again. */
  readings: number;
  /** Someone else changed what the page shows: it says so until dismissed. */
  changedUnderneath: boolean;
  /** The person's own action is on its way: its change is not news. */
  ownPending: boolean;
}

export type LiveDetailEvent = { type: 'detail.acting' } | { type: 'detail.changed' } | { type: 'detail.dismiss' };

export const liveDetailMachine = setup({
  types: { context: {} as LiveDetailContext, events: {} as LiveDetailEvent },
  guards: { ownPending: ({ context }) => context.ownPending },
}).createMachine({
  id: 'liveDetail',
  context: { readings: 0, changedUnderneath: false, ownPending: false },
  initial: 'watching',
  states: {
    watching: {
      on: {
        'detail.acting': { actions: assign({ ownPending: true }) },
        'detail.changed': [
          { guard: 'ownPending', actions: assign({ ownPending: false }) },
          { actions: assign({ changedUnderneath: true, readings: ({ context }) => context.readings + 1 }) },
        ],
        'detail.dismiss': { actions: assign({ changedUnderneath: false }) },
      },
    },
  },
});
