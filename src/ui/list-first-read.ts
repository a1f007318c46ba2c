import { firstRead } from '@/api/first-reads';
import type { Services } from '@/api/services';
import type { Filters, SearchResult } from '@/machines/ui/search.machine';
import { fromUrl } from './search-logic';

/** One page of a list as its request asks for it (the query with its page and size). */
type PageParams = Record<string, string>;

export interface ListReadDefinition {
  /** What the form starts with (the default date window is today's). */
  defaults: (now: number) => Filters;
  /** The URL's search → what the screen searches with (a flag that only opens a panel is not a filter). */
  filtersOf?: (search: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>;
  /** A committed query and 0-based page → the request's parameters. */
  params: (query: Filters, page: number) => PageParams;
  fetch: (services: Services, params: PageParams, signal?: AbortSignal) => Promise<SearchResult>;
}

export interface ListRead {
  defaults: (now: number) => Filters;
  filtersOf: (search: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>;
  /** From the route's loader: the page the URL names, with the screen's defaults, asked for now. */
  start(services: Services, search: Readonly<Record<string, unknown>>, now: number): void;
  /** The screen's `load`: the loader's answer when it asked for this very page, else a request of its own. */
  load(services: Services): (query: Filters, page: number, signal: AbortSignal) => Promise<SearchResult>;
}

/**
 * A list screen's first page, asked for by its route's loader beside the page's code (issue 26,
 * src/api/first-reads.ts): the loader builds the query the search chart will build (the defaults
 * under the URL's filters, as useSearchScreen does), so the chart's first load finds it on its way.
 */
export function listRead(name: string, definition: ListReadDefinition): ListRead {
  const read = firstRead(name, (services: Services, params: PageParams) => definition.fetch(services, params));
  const filtersOf = definition.filtersOf ?? ((search) => search);
  return {
    defaults: definition.defaults,
    filtersOf,
    start(services, search, now) {
      const { query, page } = fromUrl(filtersOf(search));
      read.start(services, definition.params({ ...definition.defaults(now), ...query }, page));
    },
    load: (services) => (query, page, signal) => {
      const params = definition.params(query, page);
      return read.take(params) ?? definition.fetch(services, params, signal);
    },
  };
}
