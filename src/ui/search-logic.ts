import { searchMachine, type Filters, type SearchResult } from '@/machines/ui/search.machine';
import { errorMessage } from '@/api/http';

/** The URL's search (strings) → filters and a 0-based page; `page` in the URL is 1-based. */
export function fromUrl(search: Record<string, unknown>): { query: Filters; page: number } {
  const query: Filters = {};
  let page = 0;
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page') page = Math.max(0, (Number.parseInt(String(value), 10) || 1) - 1);
    else query[key] = String(value);
  }
  return { query, page };
}

/** Filters and a 0-based page → the URL's search, without empty values. */
export function toUrl(query: Filters, page: number): Record<string, string> {
  const search: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== '' && value !== undefined) search[key] = value;
  if (page > 0) search.page = String(page + 1);
  return search;
}

/** What the search chart's effects need from the screen, read when they run. */
export interface SearchBridge {
  /** The URL's search as it is now (serialised with `toUrl`). */
  currentUrl(): string;
  navigate(search: Record<string, string>): void;
  load(query: Filters, page: number, signal: AbortSignal): Promise<SearchResult>;
}

/**
 * The search chart with its effects: `commit` mirrors the search into the URL (unless the URL
 * already says it), `load` fetches a page, `cancelLoad` aborts the request the chart stopped
 * waiting for, so an overtaken answer can neither arrive nor cost the server more work.
 */
export function searchLogic(bridge: SearchBridge) {
  let inFlight: AbortController | null = null;
  return searchMachine.provide({
    actions: {
      commit: (_, params) => {
        const next = toUrl(params.query, params.page);
        if (JSON.stringify(next) !== bridge.currentUrl()) bridge.navigate(next);
      },
      load: ({ context, self }) => {
        const controller = new AbortController();
        inFlight = controller;
        bridge.load(context.query, context.page, controller.signal).then(
          (result) => !controller.signal.aborted && self.send({ type: 'load.succeeded', result }),
          (error: unknown) => !controller.signal.aborted && self.send({ type: 'load.failed', message: errorMessage(error) }),
        );
      },
      cancelLoad: () => {
        inFlight?.abort();
        inFlight = null;
      },
    },
  });
}

/**
 * A page of a list with an "extra filter" (Ordenes, Pagos UPG) → the API's parameters: the chosen
 * kind becomes its own parameter holding the typed value; empty filters are not sent.
 */
export function pageParams(query: Filters, page: number, size: number): Record<string, string> {
  const { extraKind, extraValue, ...rest } = query;
  const params: Record<string, string> = { ...rest, page: String(page), size: String(size) };
  if (extraKind && extraValue?.trim()) params[extraKind] = extraValue.trim();
  return params;
}
