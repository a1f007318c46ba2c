import { assign, emit, setup } from 'xstate';
import { afterChange, isOwnChange } from './own-change';
import type { Reread } from './reread';

/**
 * A detail page (the order page) kept up to date (issue 14 §4): when the stream says its entity
 * changed, the page reads it again (the chart emits `reread`, which the page's reads hear) and
 * says so, unless the change is the person's own (the first change of the order after their
 * action's request left, which their panel re-reads by itself).
 */

export interface LiveDetailContext {
  orderId: number;
  /** Someone else changed what the page shows: it says so until dismissed. */
  changedUnderneath: boolean;
  /** The order whose change the person's own action will bring, while it is on its way. */
  ownChange: number | null;
}

export type LiveDetailEvent =
  | { type: 'detail.acting' }
  /** The stream named these orders (among them the page's), or null: anything may have changed. */
  | { type: 'detail.changed'; orders: readonly number[] | null }
  | { type: 'detail.dismiss' };

export const liveDetailMachine = setup({
  types: { context: {} as LiveDetailContext, events: {} as LiveDetailEvent, input: {} as { orderId: number }, emitted: {} as Reread },
  guards: { own: ({ context, event }) => event.type === 'detail.changed' && isOwnChange(context.ownChange, event.orders) },
}).createMachine({
  id: 'liveDetail',
  context: ({ input }) => ({ orderId: input.orderId, changedUnderneath: false, ownChange: null }),
  initial: 'watching',
  states: {
    watching: {
      on: {
        'detail.acting': { actions: assign({ ownChange: ({ context }) => context.orderId }) },
        'detail.changed': [
          { guard: 'own', actions: assign({ ownChange: ({ context, event }) => afterChange(context.ownChange, event.orders) }) },
          { actions: [assign({ changedUnderneath: true }), emit({ type: 'reread' })] },
        ],
        'detail.dismiss': { actions: assign({ changedUnderneath: false }) },
      },
    },
  },
});
