import { createRootRouteWithContext, createRoute, ErrorComponent, redirect, type ErrorComponentProps, type ErrorRouteComponent, type ParsedLocation } from '@tanstack/react-router';
import type { Services } from '@/api/services';
import type { Filters, SearchResult } from '@/machines/ui/search.machine';
import { pageParams } from '@/api/list-params';
import { RETURN_PARAM } from '@/domain/return-location';
import { fromUrl } from '@/domain/url-search';
import { NoAuthorization } from '@/ui/no-authorization';
import { PagePending } from '@/ui/shell-frame';
import { mayOpen, ScreenRefused, type ScreenRoute } from './screen-route';
import type { SessionActor } from '@/ui/session';

/**
 * The frame every screen's route hangs from (docs/decisions.md, issue 39 router): the root with the
 * router's context and the signed-in /admin branch, declared here so each domain's `routes.ts`
 * builds its typed routes under them (`createRoute({ getParentRoute: () => adminRoute, ...screen(...) })`);
 * the composition root (src/router.tsx) gives the two their layouts and assembles the tree.
 */
export interface RouterContext {
  session: SessionActor;
  /** The API clients: a route's loader sends its page's first read with them. */
  services: Services;
  /** Every screen: the menus list the ones the user may open. */
  screens: readonly ScreenRoute[];
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page title (spec: the title comes from the route name). */
    title?: string;
    /** The screen a domain declared (its menu entry and permission): the menus and the guard read it. */
    screen?: ScreenRoute;
  }
}

export const isSignedIn = (session: SessionActor) => {
  const snapshot = session.getSnapshot();
  return snapshot.matches('signedIn') || snapshot.matches('invalidToken');
};

/**
 * Every /admin path needs a session; without one the user goes to sign-in, the location kept in
 * its `redirect` (followed after sign-in only if it is a page of the console: src/domain/return-location.ts).
 */
// Typed by hand (`void`): the routes' types must not wait on the registered router's, which are made of them.
export const requireSession = ({ context, location }: { context: RouterContext; location: ParsedLocation }): void => {
  if (!isSignedIn(context.session)) throw redirect({ to: '/auth/login-page', search: { [RETURN_PARAM]: location.href } });
};

export const rootRoute = createRootRouteWithContext<RouterContext>()({});

/** The signed-in console: every screen inside the shell is its child. */
export const adminRoute = createRoute({ getParentRoute: () => rootRoute, path: '/admin', beforeLoad: requireSession });

/**
 * A screen the user may not open: its guard refuses before its page is loaded, and the route
 * shows NO POSEE AUTORIZACION DE ACCESO where the page would be (in the shell, or in a window of
 * its own under the screen's title). Any other failure is the router's usual error.
 */
function refusedOr(title: string | null): ErrorRouteComponent {
  return function Refused({ error, ...rest }: ErrorComponentProps) {
    if (!(error instanceof ScreenRefused)) return <ErrorComponent error={error} {...rest} />;
    if (title === null) return <NoAuthorization />;
    return (
      <div className="min-h-full bg-slate-100">
        <header className="border-b border-slate-200 bg-white px-4 py-3 lg:px-6">
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        </header>
        <main className="p-4 lg:p-6">
          <NoAuthorization />
        </main>
      </div>
    );
  };
}

/**
 * A domain's screen as route options, spread into its `createRoute`: its path, its title and
 * declaration (the menus read them), its guard (the question the menu asks, `mayOpen`, asked before
 * anything of the page loads; a window of its own asks for the session first), the refusal in the
 * page's place, and the shell painted at once around the page's place while its code and first read are on their way.
 */
export function screen<const TPath extends string>(declared: ScreenRoute & { path: TPath }) {
  return {
    path: declared.path,
    staticData: { title: declared.title, screen: declared },
    beforeLoad: (args: { context: RouterContext; location: ParsedLocation }): void => {
      if (declared.standalone) requireSession(args);
      if (!mayOpen(declared, args.context.session.getSnapshot().context.profile?.groups)) throw new ScreenRefused(declared.path);
    },
    errorComponent: refusedOr(declared.standalone ? declared.title : null),
    pendingComponent: PagePending,
    pendingMs: 0,
    pendingMinMs: 0,
  };
}

/**
 * A page's reads as its route's loader hands them (its loader data): the loader asks for `first`
 * at once, beside the page's code (not on a preload: hovering a link reads nothing); the page's
 * first read with the same key takes that answer, any other read asks anew. Nothing outlives the
 * route's match (each route keeps its loader data for its visit only: `gcTime: 0`).
 */
export function readsFrom<A extends unknown[], T>(read: (...args: A) => Promise<T>, first: A | null, key: (...args: A) => string = (...args) => JSON.stringify(args)): (...args: A) => Promise<T> {
  let early = first && { key: key(...first), answer: read(...first) };
  // A failure is the page's to show when it takes the answer; unhandled until then is not an error.
  early?.answer.catch(() => {});
  return (...args) => {
    const taken = early;
    early = null;
    return taken && taken.key === key(...args) ? taken.answer : read(...args);
  };
}

/** How long a screen's loader data is kept: for the visit (a search change within the page is the page's to read), dropped once left. */
export const VISIT = { staleTime: Infinity, gcTime: 0 } as const;

/** A list screen's read, declared by its route: the loader asks for the page its URL names, the page for the others. */
export interface ListDefinition {
  pageSize: number;
  /** The URL's search → what the screen searches with (a flag that only opens a panel is not a filter). */
  filtersOf?: (search: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>;
  /** The list's API read and its form's defaults, loaded on their own (a small chunk, not the shell's nor the page's). */
  read: () => Promise<ListRead>;
}

export interface ListRead {
  /** What the form starts with (the default date window is today's). */
  defaults: (now: number) => Filters;
  fetch: (services: Services, params: Record<string, string>, signal?: AbortSignal) => Promise<SearchResult>;
}

/** What a list route's loader hands its page: the form's defaults and the page's reads, the first of them on its way. */
export interface ListLoaderData {
  pageSize: number;
  defaults: Filters;
  /** The search chart's `load`: the loader's answer for the page the URL named, then reads of its own. */
  read: (query: Filters, page: number, signal: AbortSignal) => Promise<SearchResult>;
}

/**
 * A list route's loader: the query the search chart will build (the defaults under the URL's
 * filters, as useSearchScreen does) asked for as the navigation starts. It reads the location's
 * search rather than `loaderDeps` (docs/decisions.md, issue 39 router): a search changed on the
 * page is the chart's to read, once, not the loader's again.
 */
export const listLoader =
  (list: ListDefinition) =>
  async ({ context, location, preload }: { context: RouterContext; location: { search: object }; preload: boolean }): Promise<ListLoaderData> => {
    const { defaults: defaultsAt, fetch } = await list.read();
    const defaults = defaultsAt(Date.now());
    const { query, page } = fromUrl((list.filtersOf ?? ((search) => search))(location.search as Record<string, unknown>));
    const read = readsFrom<[params: Record<string, string>, signal?: AbortSignal], SearchResult>(
      (params: Record<string, string>, signal?: AbortSignal) => fetch(context.services, params, signal),
      preload ? null : [pageParams({ ...defaults, ...query }, page, list.pageSize)],
      (params) => JSON.stringify(params),
    );
    return { pageSize: list.pageSize, defaults, read: (filters, n, signal) => read(pageParams(filters, n, list.pageSize), signal) };
  };
