import { assign, fromPromise, setup } from 'xstate';
import { actorErrorText } from './actor-error';

/**
 * One tab of a detail view (spec details §2 "Loading"): it loads when first selected and only if
 * empty; some tabs (Logs, Segment, KYC, the remittance directory) reload on every selection. A
 * failed tab shows its error and can be retried without reloading the page. The read is the
 * `read` actor invoked in `loading` with the tab's page and query (its filter) from the context;
 * a new page, a new query or a reload re-enters `loading`, which stops the read on its way: the
 * answer of a read the person moved on from is never heard. The host provides `read`, failing with
 * the text to show as its error's message.
 */

export interface DetailTabInput<Q = unknown> {
  /** Reload on every selection instead of only the first. */
  reloadOnSelect?: boolean;
  /** The tab's first query (its filter); undefined when it has none. */
  query?: Q;
  /** What it shows before it reads (a row the page has just read): it starts loaded with it, and reads on a reload. */
  data?: unknown;
}

/** What a read is asked for: the tab's page and query as the chart holds them. */
export interface DetailTabRead<Q = unknown> {
  page: number;
  query: Q;
}

export interface DetailTabContext {
  reloadOnSelect: boolean;
  page: number;
  query: unknown;
  data: unknown;
  error: string | null;
}

export type DetailTabEvent =
  /** The person opened the tab. */
  | { type: 'tab.selected' }
  | { type: 'tab.retry' }
  /** After an action: a tab that has loaded (or is loading) reads again; the others wait for their selection. */
  | { type: 'tab.reload' }
  /** Something it shows may have changed: read again whatever state it is in. */
  | { type: 'tab.refresh' }
  /** The pager: read that page with the same query. */
  | { type: 'page.changed'; page: number }
  /** A new filter: read its first page. */
  | { type: 'query.changed'; query: unknown };

export const detailTabMachine = setup({
  types: { context: {} as DetailTabContext, events: {} as DetailTabEvent, input: {} as DetailTabInput },
  actors: {
    /** The host's read; by itself it never answers. */
    read: fromPromise<unknown, DetailTabRead>(() => new Promise(() => {})),
  },
  actions: {
    assignData: assign(({ event }) => ({ data: (event as { output?: unknown }).output, error: null })),
    assignError: assign(({ event }) => ({ error: actorErrorText(event) })),
    assignPage: assign(({ event }) => (event.type === 'page.changed' ? { page: event.page } : {})),
    assignQuery: assign(({ event }) => (event.type === 'query.changed' ? { query: event.query, page: 0 } : {})),
  },
  guards: {
    reloadsOnSelect: ({ context }) => context.reloadOnSelect,
    hasData: ({ context }) => context.data !== null,
  },
}).createMachine({
  id: 'detailTab',
  context: ({ input }) => ({ reloadOnSelect: input.reloadOnSelect ?? false, page: 0, query: input.query, data: input.data ?? null, error: null }),
  initial: 'idle',
  // From any state, `loading` is (re-)entered: a read on its way is stopped and the new one asked.
  on: {
    'tab.refresh': { target: '.loading' },
    'page.changed': { target: '.loading', actions: 'assignPage' },
    'query.changed': { target: '.loading', actions: 'assignQuery' },
  },
  states: {
    idle: {
      // Given what it shows, it has loaded.
      always: { guard: 'hasData', target: 'loaded' },
      on: { 'tab.selected': { target: 'loading' } },
    },
    loading: {
      invoke: {
        id: 'read',
        src: 'read',
        input: ({ context }) => ({ page: context.page, query: context.query }),
        onDone: { target: 'loaded', actions: 'assignData' },
        onError: { target: 'failed', actions: 'assignError' },
      },
      on: {
        // What it shows changed while it was reading (an action): read again.
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
