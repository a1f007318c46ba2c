import { assign, setup } from 'xstate';

/**
 * One chart drives every list screen. The chart decides what is searched; the URL mirrors the
 * committed search (so a reload or a shared link restores it) and a URL changed from outside
 * (back button, pasted link) is searched too. Effects are named actions the host provides:
 * `commit` writes the search into the URL, `load` fetches the page, `cancelLoad` abandons a
 * request the chart no longer waits for. A changed filter always searches page 1 (index 0).
 */

export type Filters = Record<string, string>;

export interface SearchResult {
  elements: unknown[];
  totalElements: number;
  countElements: number;
  totalLimited?: boolean;
}

export interface SearchInput {
  /** The filters the form starts with (the default date window included). */
  defaults: Filters;
  /** What a reset restores, when it differs from the start (calls: 90 days). */
  resetTo?: Filters;
  /** At least one of these filters must be filled before searching (clients: phone or email). */
  requireOneOf?: { fields: string[]; message: string };
  /** Why these filters cannot be searched, or null (a report dialog's own rules: the window, an order code). */
  check?: (filters: Filters) => string | null;
}

export interface SearchContext {
  defaults: Filters;
  resetTo: Filters;
  requireOneOf: { fields: string[]; message: string } | null;
  check: ((filters: Filters) => string | null) | null;
  /** Why the last submit was refused. */
  invalid: string | null;
  /** What the form shows. */
  draft: Filters;
  /** The committed search: filters and sort. */
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
  | { type: 'search.retry' }
  /** Ask the server again for the page shown (after a change made on this screen). */
  | { type: 'search.reload' };

const same = (a: Filters, b: Filters) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? '') === (b[k] ?? ''));
};

const incomplete = (context: SearchContext, filters: Filters) =>
  context.requireOneOf !== null && context.requireOneOf.fields.every((field) => !filters[field]?.trim());

/** Why a submit of these filters is refused: a filter the search needs, or the input's own check. */
const refusal = (context: SearchContext, filters: Filters): string | null =>
  incomplete(context, filters) ? context.requireOneOf!.message : (context.check?.(filters) ?? null);

/**
 * Once a search is under way or shown, the URL echoing it back (after `commit`) changes nothing;
 * any other URL is searched.
 */
const urlChanged = [
  { guard: 'urlIsCurrent' as const },
  { guard: 'urlIncomplete' as const, target: 'editing', actions: 'adoptUrl' as const },
  // reenter: a new search while one is loading restarts the load (cancelling the old one).
  { target: 'loading', reenter: true, actions: 'adoptUrl' as const },
];

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
    cancelLoad: () => {},
    assignDraft: assign(({ context, event }) =>
      event.type === 'filters.change' ? { draft: { ...context.draft, [event.name]: event.value } } : {},
    ),
    searchDraft: assign(({ context }) => ({ query: { ...context.draft }, page: 0, invalid: null })),
    searchReset: assign(({ context }) => ({ draft: { ...context.resetTo }, query: { ...context.resetTo }, page: 0, invalid: null })),
    searchPage: assign(({ event }) => (event.type === 'page.change' ? { page: event.page } : {})),
    searchSort: assign(({ context, event }) => (event.type === 'sort.change' ? { query: { ...context.query, sort: event.sort }, page: 0 } : {})),
    adoptUrl: assign(({ event }) =>
      event.type === 'query.changed' ? { query: { ...event.query }, draft: { ...event.query }, page: event.page, invalid: null } : {},
    ),
    assignInvalid: assign(({ context }) => ({ invalid: refusal(context, context.draft) })),
    assignResult: assign(({ event }) => (event.type === 'load.succeeded' ? { result: event.result, error: null } : {})),
    assignError: assign(({ event }) => (event.type === 'load.failed' ? { error: event.message, result: null } : {})),
  },
  guards: {
    hasRows: ({ event }) => event.type === 'load.succeeded' && event.result.elements.length > 0,
    draftRefused: ({ context }) => refusal(context, context.draft) !== null,
    resetIncomplete: ({ context }) => incomplete(context, context.resetTo),
    validPage: ({ event }) => event.type === 'page.change' && Number.isInteger(event.page) && event.page >= 0,
    /** The URL now says what the chart already searches: nothing to do. */
    urlIsCurrent: ({ context, event }) => event.type === 'query.changed' && event.page === context.page && same(event.query, context.query),
    urlIncomplete: ({ context, event }) => event.type === 'query.changed' && incomplete(context, event.query),
  },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({
    defaults: { ...input.defaults },
    resetTo: { ...(input.resetTo ?? input.defaults) },
    requireOneOf: input.requireOneOf ?? null,
    check: input.check ?? null,
    invalid: null,
    draft: { ...input.defaults },
    query: { ...input.defaults },
    page: 0,
    result: null,
    error: null,
  }),
  initial: 'editing',
  on: {
    'filters.change': { actions: 'assignDraft' },
    'filters.reset': [
      {
        guard: 'resetIncomplete',
        target: '.editing',
        actions: ['searchReset', { type: 'commit', params: ({ context }) => ({ query: context.query, page: 0 }) }],
      },
      { target: '.loading', actions: ['searchReset', { type: 'commit', params: ({ context }) => ({ query: context.query, page: 0 }) }] },
    ],
    'search.submit': [
      { guard: 'draftRefused', target: '.invalid', actions: 'assignInvalid' },
      { target: '.loading', actions: ['searchDraft', { type: 'commit', params: ({ context }) => ({ query: context.query, page: 0 }) }] },
    ],
    // A link or a reload without what the search needs shows the form, not an error.
    'query.changed': [
      { guard: 'urlIncomplete', target: '.editing', actions: 'adoptUrl' },
      { target: '.loading', actions: 'adoptUrl' },
    ],
  },
  states: {
    editing: {},
    /** The form lacks what the search needs (or fails its check); the message says what. */
    invalid: {},
    loading: {
      entry: 'load',
      exit: 'cancelLoad',
      on: {
        'query.changed': urlChanged,
        'load.succeeded': [
          { guard: 'hasRows', target: 'results', actions: 'assignResult' },
          { target: 'empty', actions: 'assignResult' },
        ],
        'load.failed': { target: 'failed', actions: 'assignError' },
      },
    },
    results: {
      on: {
        'query.changed': urlChanged,
        'search.reload': { target: 'loading' },
        'page.change': {
          guard: 'validPage',
          target: 'loading',
          actions: ['searchPage', { type: 'commit', params: ({ context }) => ({ query: context.query, page: context.page }) }],
        },
        'sort.change': {
          target: 'loading',
          actions: ['searchSort', { type: 'commit', params: ({ context }) => ({ query: context.query, page: 0 }) }],
        },
      },
    },
    empty: { on: { 'query.changed': urlChanged, 'search.reload': { target: 'loading' } } },
    failed: {
      on: { 'search.retry': { target: 'loading' }, 'query.changed': urlChanged },
    },
  },
});

export type SearchMachine = typeof searchMachine;
