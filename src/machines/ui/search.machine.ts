import { assign, fromPromise, setup } from 'xstate';
import { toUrl } from '@/domain/url-search';
import { actorErrorText } from './actor-error';

/**
 * One chart drives every list screen. The chart decides what is searched; the URL mirrors the
 * committed search (so a reload or a shared link restores it) and a URL changed from outside
 * (back button, pasted link) is searched too. The page is read by the `load` actor invoked in
 * `loading` with the committed `{ query, page }`: leaving `loading` (a new search, the screen gone)
 * stops it and aborts its request through the actor's signal, so an overtaken answer is never
 * heard. The chart remembers the URL it last heard (`query.changed`) or wrote, and `commit` asks the
 * host's `navigate` only when the search differs from it. A changed filter always searches page 1
 * (index 0). The host provides `load` (failing with the text to show as its error's message) and,
 * when the search lives in the URL, `navigate`.
 */

export type Filters = Record<string, string>;

export interface SearchResult {
  elements: unknown[];
  totalElements: number;
  countElements: number;
  totalLimited?: boolean;
}

/** What a load is asked for: the committed search. */
export interface SearchLoad {
  query: Filters;
  page: number;
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
  /** The URL's search as the chart last heard it (`query.changed`) or wrote it; null before either. */
  url: Filters | null;
  result: SearchResult | null;
  error: string | null;
}

export type SearchEvent =
  | { type: 'filters.change'; name: string; value: string }
  | { type: 'filters.reset' }
  | { type: 'search.submit' }
  | { type: 'page.change'; page: number }
  | { type: 'sort.change'; sort: string }
  /** The URL's search (its own filters, without the defaults) and page: a link, the back button, the chart's own commit echoed. */
  | { type: 'query.changed'; query: Filters; page: number }
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

/** The filters a URL's search stands for: the defaults under what it says. */
const heard = (context: SearchContext, event: SearchEvent) => (event.type === 'query.changed' ? { ...context.defaults, ...event.query } : {});

/**
 * Once a search is under way or shown, the URL echoing it back (after `commit`) changes nothing
 * but what the chart heard; any other URL is searched.
 */
const urlChanged = [
  { guard: 'urlIsCurrent' as const, actions: 'hearUrl' as const },
  { guard: 'urlIncomplete' as const, target: 'editing', actions: 'adoptUrl' as const },
  // reenter: a new search while one is loading restarts the load (cancelling the old one).
  { target: 'loading', reenter: true, actions: 'adoptUrl' as const },
];

const searchSetup = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as SearchInput,
  },
  actors: {
    /** The host's read of one page; by itself it never answers. */
    load: fromPromise<SearchResult, SearchLoad>(() => new Promise(() => {})),
  },
  actions: {
    /** Writes a search into the URL: the host's router (a search that lives elsewhere writes nothing). */
    navigate: (_: unknown, _params: { search: Filters }) => {},
    assignDraft: assign(({ context, event }) =>
      event.type === 'filters.change' ? { draft: { ...context.draft, [event.name]: event.value } } : {},
    ),
    searchDraft: assign(({ context }) => ({ query: { ...context.draft }, page: 0, invalid: null })),
    searchReset: assign(({ context }) => ({ draft: { ...context.resetTo }, query: { ...context.resetTo }, page: 0, invalid: null })),
    searchPage: assign(({ event }) => (event.type === 'page.change' ? { page: event.page } : {})),
    searchSort: assign(({ context, event }) => (event.type === 'sort.change' ? { query: { ...context.query, sort: event.sort }, page: 0 } : {})),
    adoptUrl: assign(({ context, event }) =>
      event.type === 'query.changed'
        ? { query: heard(context, event), draft: heard(context, event), page: event.page, invalid: null, url: toUrl(event.query, event.page) }
        : {},
    ),
    hearUrl: assign(({ event }) => (event.type === 'query.changed' ? { url: toUrl(event.query, event.page) } : {})),
    assignInvalid: assign(({ context }) => ({ invalid: refusal(context, context.draft) })),
    assignResult: assign((_, params: { result: SearchResult }) => ({ result: params.result, error: null })),
    assignError: assign((_, params: { message: string }) => ({ error: params.message, result: null })),
  },
  guards: {
    hasRows: (_, params: { result: SearchResult }) => params.result.elements.length > 0,
    draftRefused: ({ context }) => refusal(context, context.draft) !== null,
    resetIncomplete: ({ context }) => incomplete(context, context.resetTo),
    validPage: ({ event }) => event.type === 'page.change' && Number.isInteger(event.page) && event.page >= 0,
    /** The URL now says what the chart already searches: nothing to do. */
    urlIsCurrent: ({ context, event }) => event.type === 'query.changed' && event.page === context.page && same(heard(context, event), context.query),
    urlIncomplete: ({ context, event }) => event.type === 'query.changed' && incomplete(context, heard(context, event)),
  },
});

/** Mirrors the committed search into the URL, unless the URL already says it (as last heard or written). */
const commit = searchSetup.enqueueActions(({ context, enqueue }) => {
  const search = toUrl(context.query, context.page);
  if (context.url !== null && same(search, context.url)) return;
  enqueue.assign({ url: search });
  enqueue({ type: 'navigate', params: { search } });
});

export const searchMachine = searchSetup.createMachine({
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
    url: null,
    result: null,
    error: null,
  }),
  initial: 'editing',
  on: {
    'filters.change': { actions: 'assignDraft' },
    'filters.reset': [
      { guard: 'resetIncomplete', target: '.editing', actions: ['searchReset', commit] },
      { target: '.loading', actions: ['searchReset', commit] },
    ],
    'search.submit': [
      { guard: 'draftRefused', target: '.invalid', actions: 'assignInvalid' },
      { target: '.loading', actions: ['searchDraft', commit] },
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
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ query: context.query, page: context.page }),
        onDone: [
          {
            guard: { type: 'hasRows', params: ({ event }) => ({ result: event.output }) },
            target: 'results',
            actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'empty', actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ message: actorErrorText(event) }) } },
      },
      on: { 'query.changed': urlChanged },
    },
    results: {
      on: {
        'query.changed': urlChanged,
        'search.reload': { target: 'loading' },
        'page.change': { guard: 'validPage', target: 'loading', actions: ['searchPage', commit] },
        'sort.change': { target: 'loading', actions: ['searchSort', commit] },
      },
    },
    empty: { on: { 'query.changed': urlChanged, 'search.reload': { target: 'loading' } } },
    failed: {
      on: { 'search.retry': { target: 'loading' }, 'query.changed': urlChanged },
    },
  },
});

export type SearchMachine = typeof searchMachine;
