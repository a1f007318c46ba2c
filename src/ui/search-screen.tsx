import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { searchMachine, type Filters, type SearchLoad, type SearchMachine, type SearchResult } from '@/machines/ui/search.machine';
import { fromUrl, toUrl } from '@/domain/url-search';
import { said } from './detail-tab';
import { Button } from './button';
import { Spinner } from './spinner';
import { Pager } from './pager';
import { InputField } from './fields';
import { listText } from '@/i18n/es-lists';
import { t } from '@/i18n';

export interface SearchScreenOptions {
  /** The route's current search params. */
  search: Record<string, unknown>;
  /**
   * Writes a search into the URL (push: the back button goes to the previous search), through the
   * router's own navigate (useNavigate's, stable). Taken once, when the chart starts: what else
   * it writes comes from the router's current search (`search: (prev) => ...`), never from a
   * render's values.
   */
  navigate: (search: Record<string, string>) => void;
  /** What the form starts with and a reset restores. */
  defaults: Filters;
  /** What a reset restores when it differs from the start. */
  resetTo?: Filters;
  /** At least one of these fields before searching, with the message otherwise. */
  requireOneOf?: { fields: string[]; message: string };
  /**
   * Fetches one page for a committed query; the signal aborts a request no longer wanted. Taken
   * once, when the chart starts: what it reads besides the query (the services, an id) is fixed
   * for the component's life; what changes is the chart's query.
   */
  load: (query: Filters, page: number, signal: AbortSignal) => Promise<SearchResult>;
}

/** The search chart with the host's read as its `load` actor (its signal aborts an overtaken request) and, for a search in the URL, the router's navigate. */
function searchLogic(load: SearchScreenOptions['load'], navigate?: SearchScreenOptions['navigate']) {
  return searchMachine.provide({
    actors: { load: fromPromise<SearchResult, SearchLoad>(({ input, signal }) => said(load(input.query, input.page, signal))) },
    ...(navigate ? { actions: { navigate: (_: unknown, { search }: { search: Filters }) => navigate(search) } } : {}),
  });
}

/**
 * Binds a list screen to the search chart: the URL is the committed search, the chart keeps the
 * draft and the result, and this hook is the only place that talks to both.
 */
export function useSearchScreen({ search, navigate, defaults, resetTo, requireOneOf, load }: SearchScreenOptions) {
  const [logic] = useState(() => searchLogic(load, navigate));
  // The input is read once, when the chart starts.
  const actor = useActorRef(logic, {
    input: { defaults, ...(resetTo ? { resetTo } : {}), ...(requireOneOf ? { requireOneOf } : {}) },
  });
  // The URL's search as text: a new one (a link, the back button, the chart's own commit) is told to the chart, which decides.
  const url = JSON.stringify(toUrl(fromUrl(search).query, fromUrl(search).page));
  useEffect(() => {
    const { query, page } = fromUrl(JSON.parse(url) as Record<string, string>);
    actor.send({ type: 'query.changed', query, page });
  }, [url, actor]);

  return useSearchState(actor);
}

/**
 * A search that does not live in the URL (the defence reports' dialogs, the item panel's FOI
 * search): the same chart, its draft the form, `check` its own rules, nothing committed anywhere
 * but the chart. `load`, `defaults` and `check` are taken once, when the chart starts.
 */
export function useSearchDialog({ defaults, check, load }: Pick<SearchScreenOptions, 'defaults' | 'load'> & { check: (filters: Filters) => string | null }) {
  const [logic] = useState(() => searchLogic(load));
  return useSearchState(useActorRef(logic, { input: { defaults, check } }));
}

/** The search chart's state and the events a screen sends it. */
function useSearchState(actor: ActorRefFrom<SearchMachine>) {
  const status = useSelector(actor, (s) => s.value as 'editing' | 'invalid' | 'loading' | 'results' | 'empty' | 'failed');
  const invalid = useSelector(actor, (s) => s.context.invalid);
  const draft = useSelector(actor, (s) => s.context.draft);
  const result = useSelector(actor, (s) => s.context.result);
  const page = useSelector(actor, (s) => s.context.page);
  const error = useSelector(actor, (s) => s.context.error);
  const query = useSelector(actor, (s) => s.context.query);
  return {
    actor,
    status,
    draft,
    query,
    result,
    page,
    error,
    invalid,
    set: (name: string, value: string) => actor.send({ type: 'filters.change', name, value }),
    /** One filter field, bound to the draft: `<InputField {...screen.field('accountId')} />`. */
    field: (name: string) => ({
      value: draft[name] ?? '',
      onChange: (e: { target: { value: string } }) => actor.send({ type: 'filters.change', name, value: e.target.value }),
    }),
    submit: () => actor.send({ type: 'search.submit' }),
    reset: () => actor.send({ type: 'filters.reset' }),
    goTo: (next: number) => actor.send({ type: 'page.change', page: next }),
    retry: () => actor.send({ type: 'search.retry' }),
    /** After a change made on this screen: the page shown, asked for again. */
    reload: () => actor.send({ type: 'search.reload' }),
  };
}

export type SearchScreen = ReturnType<typeof useSearchState>;

/** A dialog's search while it is not showing its result: waiting, or failed with "Reintentar"; else the result (`children`). */
export function DialogSearchState({ screen, children }: { screen: SearchScreen; children: ReactNode }) {
  if (screen.status === 'loading') return <Spinner label={t.app.loading} />;
  if (screen.status === 'failed') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
        <span>{screen.error}</span>
        <Button variant="secondary" onClick={screen.retry}>
          {t.app.retry}
        </Button>
      </div>
    );
  }
  return <>{children}</>;
}

/** The "Desde" / "Hasta" dates of a list's filters (startDate, endDate). */
export function DateRangeFields({ screen }: { screen: SearchScreen }) {
  return (
    <>
      <InputField id="startDate" label={listText.from} type="date" {...screen.field('startDate')} />
      <InputField id="endDate" label={listText.until} type="date" {...screen.field('endDate')} />
    </>
  );
}

export interface SearchStatusProps {
  screen: SearchScreen;
  /** The empty-result text ("No se encontró ningún registro." unless the screen has its own). */
  emptyText?: string;
  /** How a failure reads (the KYC messages are translated to Spanish). */
  describeError?: (message: string) => string;
}

/** What a list shows while it is not showing rows: refused, loading, empty or failed, as the chart says. */
export function SearchStatus({ screen, emptyText = listText.empty, describeError = (m) => m }: SearchStatusProps) {
  if (screen.status === 'invalid' && screen.invalid) {
    return (
      <p role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
        {screen.invalid}
      </p>
    );
  }
  if (screen.status === 'loading') return <Spinner label={listText.loading} />;
  if (screen.status === 'empty') {
    return (
      <p role="status" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
        {emptyText}
      </p>
    );
  }
  if (screen.status === 'failed') {
    return (
      <div role="alert" className="flex items-center gap-3 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
        <span>{describeError(screen.error ?? '')}</span>
        <Button variant="secondary" onClick={screen.retry}>
          {listText.retry}
        </Button>
      </div>
    );
  }
  return null;
}

export interface SearchResultsProps<T> extends SearchStatusProps {
  pageSize: number;
  /** The table of the current page. */
  children: (rows: T[]) => ReactNode;
  /** How the pager counts pages from the total (the orders rule). */
  pagerTotal?: (total: number) => number;
}

/** The state the chart is in, then the page's table and the pager (lists with or without a form). */
export function SearchResults<T>({ screen, pageSize, children, pagerTotal, emptyText, describeError }: SearchResultsProps<T>) {
  return (
    <>
      <SearchStatus screen={screen} {...(emptyText ? { emptyText } : {})} {...(describeError ? { describeError } : {})} />
      {screen.status === 'results' && screen.result ? (
        <>
          {children(screen.result.elements as T[])}
          <Pager
            page={screen.page}
            size={pageSize}
            total={screen.result.totalElements}
            {...(pagerTotal ? { pagesTotal: pagerTotal(screen.result.totalElements) } : {})}
            limited={screen.result.totalLimited ?? false}
            onPage={screen.goTo}
          />
        </>
      ) : null}
    </>
  );
}

export interface SearchLayoutProps<T> extends SearchResultsProps<T> {
  /** The filter fields. */
  filters: ReactNode;
  /** What shows above the results (the KYC list on the orders screen). */
  aside?: ReactNode;
  /** The form's buttons, when the spec names them otherwise ("Search", "Clear"). */
  labels?: { submit: string; reset: string };
}

/** Filters, Buscar and Limpiar (Enter searches too), then the state the chart is in. */
export function SearchLayout<T>({ filters, aside, labels, ...results }: SearchLayoutProps<T>) {
  const { screen } = results;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    screen.submit();
  };
  return (
    <div className="space-y-4">
      <form role="search" onSubmit={onSubmit} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-6">{filters}</div>
        <div className="mt-4 flex gap-2">
          <Button type="submit">{labels?.submit ?? listText.search}</Button>
          <Button variant="secondary" onClick={screen.reset}>
            {labels?.reset ?? listText.reset}
          </Button>
        </div>
      </form>
      {aside}
      <SearchResults {...results} />
    </div>
  );
}
