import { assign, setup } from 'xstate';

/**
 * One tab of a detail view (spec details §2 "Loading"): it loads when first selected and only if
 * empty; some tabs (Logs, Segment, KYC, the remittance directory) reload on every selection. A
 * failed tab shows its error and can be retried without reloading the page. The host provides
 * the `load` effect and reports `load.succeeded` / `load.failed`.
 */

export interface DetailTabInput {
  /** Reload on every selection instead of only the first. */
  reloadOnSelect?: boolean;
}

export interface DetailTabContext {
  reloadOnSelect: boolean;
  data: unknown;
  error: string | null;
}

export type DetailTabEvent =
  | { type: 'tab.selected' }
  | { type: 'tab.retry' }
  | { type: 'tab.reload' }
  | { type: 'load.succeeded'; data: unknown }
  | { type: 'load.failed'; message: string };

export const detailTabMachine = setup({
  types: { context: {} as DetailTabContext, events: {} as DetailTabEvent, input: {} as DetailTabInput },
  actions: {
    load: () => {},
    assignData: assign(({ event }) => (event.type === 'load.succeeded' ? { data: event.data, error: null } : {})),
    assignError: assign(({ event }) => (event.type === 'load.failed' ? { error: event.message } : {})),
  },
  guards: {
    reloadsOnSelect: ({ context }) => context.reloadOnSelect,
  },
}).createMachine({
  id: 'detailTab',
  context: ({ input }) => ({ reloadOnSelect: input.reloadOnSelect ?? false, data: null, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'tab.selected': { target: 'loading' } } },
    loading: {
      entry: 'load',
      on: {
        'load.succeeded': { target: 'loaded', actions: 'assignData' },
        'load.failed': { target: 'failed', actions: 'assignError' },
        // What it shows changed while it was reading (a new filter, a page): read again; the host
        // drops the answer of the read this one supersedes.
        'tab.reload': { target: 'loading', reenter: true },
      },
    },
    loaded: {
      on: {
        'tab.selected': { guard: 'reloadsOnSelect', target: 'loading' },
        // After an action changed what the tab shows.
        'tab.reload': { target: 'loading' },
      },
    },
    failed: { on: { 'tab.retry': { target: 'loading' }, 'tab.selected': { target: 'loading' } } },
  },
});
