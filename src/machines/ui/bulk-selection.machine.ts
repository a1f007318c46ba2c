import { assign, setup } from 'xstate';

/**
 * A queue's bulk selection as a person makes it (issue 28 §3): which entries may be chosen (the
 * list says so each time it is read: the entries it shows that nothing holds, `select.shown`) and
 * which are chosen, one by one (a row's checkbox, or `x` on the highlighted row as in Gmail), a
 * page at once, or cleared. An entry that leaves the list, or is held now, leaves the selection.
 * The chart holds the selection only: what is decided for it is the action flow's
 * (src/machines/ui/action-flow.machine.ts), the batch as one flow whose request names the entries
 * chosen when it started (src/screens/order/bulk-bar.tsx); its result closed, the host clears
 * the selection.
 */

export interface BulkSelectionContext {
  /** The entries that may be chosen: those the list shows now that nothing holds. */
  eligible: readonly number[];
  /** The chosen entries, in the order chosen; always among the eligible. */
  selected: readonly number[];
}

export type BulkSelectionEvent =
  /** The list was read: the entries that may be chosen now (the others cannot stay chosen). */
  | { type: 'select.shown'; keys: readonly number[] }
  | { type: 'select.toggle'; key: number }
  /** Every eligible entry, or (all of them chosen already) none. */
  | { type: 'select.page' }
  | { type: 'select.clear' };

export const bulkSelectionMachine = setup({
  types: { context: {} as BulkSelectionContext, events: {} as BulkSelectionEvent },
  actions: {
    toggle: assign(({ context, event }) => {
      if (event.type !== 'select.toggle') return {};
      const chosen = context.selected.includes(event.key);
      return { selected: chosen ? context.selected.filter((k) => k !== event.key) : [...context.selected, event.key] };
    }),
    page: assign(({ context }) => ({ selected: [...context.selected, ...context.eligible.filter((k) => !context.selected.includes(k))] })),
    show: assign(({ context, event }) => (event.type === 'select.shown' ? { eligible: event.keys, selected: context.selected.filter((k) => event.keys.includes(k)) } : {})),
    clear: assign({ selected: [] }),
  },
  guards: {
    /** The entry may be chosen (or is chosen: chosen entries are eligible). */
    eligible: ({ context, event }) => event.type === 'select.toggle' && context.eligible.includes(event.key),
    /** The toggle unchooses the only chosen entry. */
    unchoosesLast: ({ context, event }) => event.type === 'select.toggle' && context.selected.length === 1 && context.selected[0] === event.key,
    someEligible: ({ context }) => context.eligible.length > 0,
    allChosen: ({ context }) => context.selected.length === context.eligible.length,
    /** Something chosen is still shown and free. */
    keepsSome: ({ context, event }) => event.type === 'select.shown' && context.selected.some((k) => event.keys.includes(k)),
  },
}).createMachine({
  id: 'bulkSelection',
  context: { eligible: [], selected: [] },
  initial: 'empty',
  states: {
    empty: {
      on: {
        'select.shown': { actions: 'show' },
        'select.toggle': { guard: 'eligible', target: 'choosing', actions: 'toggle' },
        'select.page': { guard: 'someEligible', target: 'choosing', actions: 'page' },
      },
    },
    choosing: {
      on: {
        'select.shown': [
          { guard: 'keepsSome', actions: 'show' },
          { target: 'empty', actions: 'show' },
        ],
        'select.toggle': [
          { guard: 'unchoosesLast', target: 'empty', actions: 'clear' },
          { guard: 'eligible', actions: 'toggle' },
        ],
        'select.page': [{ guard: 'allChosen', target: 'empty', actions: 'clear' }, { actions: 'page' }],
        'select.clear': { target: 'empty', actions: 'clear' },
      },
    },
  },
});
