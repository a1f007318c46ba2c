import { assign, fromPromise, setup } from 'xstate';
import type { BulkAnswer } from '@/api/contract/queues';

/**
 * A queue's bulk selection as a person makes it (issue 28 §3): entries are chosen one by one (a
 * row's checkbox, or `x` on the highlighted row as in Gmail), a page at once, or cleared; an
 * action asked for what is chosen is confirmed first (the question names the action and how many),
 * then applied (the `apply` actor: the host's call of the bulk route), and
 * its result (each entry done, refused, held by someone else, or waiting in the batch's approval)
 * stays on screen until it is closed, which empties the selection. Entries that leave the list
 * (someone else's work, the live stream) leave the selection too. The host provides `apply`.
 */

export interface BulkSelectionContext {
  /** The chosen entries, in the order chosen. */
  selected: readonly number[];
  /** The action under way or last applied (its row's event). */
  event: string | null;
  result: BulkAnswer | null;
  /** Why the batch was not sent or not answered (the selection stays for another try). */
  error: string | null;
}

export type BulkSelectionEvent =
  | { type: 'select.toggle'; key: number }
  | { type: 'select.page'; keys: readonly number[] }
  | { type: 'select.clear' }
  /** The list was read again: what it no longer shows cannot stay chosen. */
  | { type: 'select.shown'; keys: readonly number[] }
  | { type: 'bulk.apply'; event: string }
  | { type: 'bulk.confirm' }
  | { type: 'bulk.cancel' }
  | { type: 'result.close' };

/** What the host's call is given: the action and the chosen entries. */
export interface BulkRequest {
  event: string;
  ids: readonly number[];
}

const toggled = (selected: readonly number[], key: number) => (selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key]);

export const bulkSelectionMachine = setup({
  types: { context: {} as BulkSelectionContext, events: {} as BulkSelectionEvent },
  actors: {
    /** The host's bulk call; by itself it never answers. */
    apply: fromPromise<BulkAnswer, BulkRequest>(() => new Promise<BulkAnswer>(() => {})),
  },
  actions: {
    toggle: assign(({ context, event }) => (event.type === 'select.toggle' ? { selected: toggled(context.selected, event.key), error: null } : {})),
    /** The whole page: chosen, or (all of it chosen already) none of it. */
    page: assign(({ context, event }) => {
      if (event.type !== 'select.page') return {};
      const all = event.keys.every((k) => context.selected.includes(k));
      return { selected: all ? context.selected.filter((k) => !event.keys.includes(k)) : [...context.selected, ...event.keys.filter((k) => !context.selected.includes(k))], error: null };
    }),
    prune: assign(({ context, event }) => (event.type === 'select.shown' ? { selected: context.selected.filter((k) => event.keys.includes(k)) } : {})),
    clear: assign({ selected: [], event: null, result: null, error: null }),
    startApply: assign(({ event }) => (event.type === 'bulk.apply' ? { event: event.event, error: null } : {})),
    assignResult: assign(({ event }) => ({ result: (event as { output?: BulkAnswer }).output ?? null })),
    assignError: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      return { error: error instanceof Error ? error.message : String(error) };
    }),
  },
  guards: {
    /** After the event, something is still chosen. */
    leavesSome: ({ context, event }) => {
      if (event.type === 'select.toggle') return toggled(context.selected, event.key).length > 0;
      if (event.type === 'select.shown') return context.selected.some((k) => event.keys.includes(k));
      if (event.type === 'select.page') return !event.keys.every((k) => context.selected.includes(k)) || context.selected.some((k) => !event.keys.includes(k));
      return context.selected.length > 0;
    },
    hasKeys: ({ event }) => event.type === 'select.page' && event.keys.length > 0,
  },
}).createMachine({
  id: 'bulkSelection',
  context: { selected: [], event: null, result: null, error: null },
  initial: 'empty',
  states: {
    empty: {
      on: {
        'select.toggle': { target: 'choosing', actions: 'toggle' },
        'select.page': { guard: 'hasKeys', target: 'choosing', actions: 'page' },
      },
    },
    choosing: {
      on: {
        'select.toggle': [{ guard: 'leavesSome', actions: 'toggle' }, { target: 'empty', actions: 'clear' }],
        'select.page': [{ guard: 'leavesSome', actions: 'page' }, { target: 'empty', actions: 'clear' }],
        'select.shown': [{ guard: 'leavesSome', actions: 'prune' }, { target: 'empty', actions: 'clear' }],
        'select.clear': { target: 'empty', actions: 'clear' },
        'bulk.apply': { target: 'confirming', actions: 'startApply' },
      },
    },
    confirming: {
      on: {
        'bulk.confirm': 'applying',
        'bulk.cancel': 'choosing',
      },
    },
    applying: {
      // The answer is awaited whatever the list does meanwhile; the selection is what was sent.
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ event: context.event!, ids: context.selected }),
        onDone: { target: 'result', actions: 'assignResult' },
        onError: { target: 'choosing', actions: 'assignError' },
      },
    },
    result: {
      on: { 'result.close': { target: 'empty', actions: 'clear' } },
    },
  },
});
