import { assign, setup } from 'xstate';

/**
 * One chart drives every list screen. The committed search lives in the URL (so a reload or a
 * shared link restores it); the form's draft lives here until the user searches. Effects are
 * named actions the host provides: `commit` writes a search into the URL, `load` fetches the
 * page the URL names. A changed filter always commits page 1 (index 0).
 */

export type Filters = Record<string, string>;

export interface SearchResult {
  elements: unknown[];
  totalElements: number;
  countElements: number;
  totalLimited?: boolean;
}

export interface SearchInput {
  /** The filters a reset restores (the default date window included). */
  defaults: Filters;
}

export interface SearchContext {
  defaults: Filters;
  /** What the form shows. */
  draft: Filters;
  /** The search the URL names: filters, page and sort. */
  query: Filters;
  page: number;
  result: SearchResult | null;
  error: string | null;
}

export type SearchEvent =
  | { type: 'filters.change'; name: string; value: string }
  | { type: 'filters.reset' }
  | { type: 'search.submit' }
  | { type: 'page.change'; page: number }
  | { type: 'sort.change'; sort: string }
  | { type: 'query.changed'; query: Filters; page: number }
  | { type: 'load.succeeded'; result: SearchResult }
  | { type: 'load.failed'; message: string }
  | { type: 'search.retry' };

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as SearchInput,
  },
  actions: {
    // Named effects the host provides.
    commit: (_: unknown, _params: { query: Filters; page: number }) => {},
    load: () => {},
    assignDraft: assign(({ context, event }) =>
      event.type === 'filters.change' ? { draft: { ...context.draft, [event.name]: event.value } } : {},
    ),
    resetDraft: assign(({ context }) => ({ draft: { ...context.defaults } })),
    assignQuery: assign(({ event }) =>
      event.type === 'query.changed' ? { query: { ...event.query }, draft: { ...event.query }, page: event.page, error: null } : {},
    ),
    assignResult: assign(({ event }) => (event.type === 'load.succeeded' ? { result: event.result, error: null } : {})),
    assignError: assign(({ event }) => (event.type === 'load.failed' ? { error: event.message, result: null } : {})),
  },
  guards: {
    hasRows: ({ event }) => event.type === 'load.succeeded' && event.result.elements.length > 0,
    validPage: ({ event }) => event.type === 'page.change' && Number.isInteger(event.page) && event.page >= 0,
  },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({
    defaults: { ...input.defaults },
    draft: { ...input.defaults },
    query: { ...input.defaults },
    page: 0,
    result: null,
    error: null,
  }),
  initial: 'editing',
  on: {
    'filters.change': { actions: 'assignDraft' },
    'filters.reset': {
      actions: ['resetDraft', { type: 'commit', params: ({ context }) => ({ query: { ...context.defaults }, page: 0 }) }],
    },
    'search.submit': { actions: { type: 'commit', params: ({ context }) => ({ query: { ...context.draft }, page: 0 }) } },
    'sort.change': {
      actions: { type: 'commit', params: ({ context, event }) => ({ query: { ...context.query, sort: event.sort }, page: 0 }) },
    },
    'query.changed': { target: '.loading', actions: 'assignQuery' },
  },
  states: {
    editing: {},
    loading: {
      entry: 'load',
      on: {
        'load.succeeded': [
          { guard: 'hasRows', target: 'results', actions: 'assignResult' },
          { target: 'empty', actions: 'assignResult' },
        ],
        'load.failed': { target: 'failed', actions: 'assignError' },
      },
    },
    results: {
      on: {
        'page.change': {
          guard: 'validPage',
          actions: { type: 'commit', params: ({ context, event }) => ({ query: { ...context.query }, page: event.page }) },
        },
      },
    },
    empty: {},
    failed: {
      on: { 'search.retry': { target: 'loading' } },
    },
  },
});

export type SearchMachine = typeof searchMachine;
