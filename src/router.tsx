import { useCallback, type JSX, type ReactNode } from 'react';
import {
  createHashHistory,
  createRootRouteWithContext,
  ErrorComponent,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  useNavigate,
  useRouterState,
  useSearch,
  type AnyRoute,
  type AnyRouter,
  type ErrorComponentProps,
  type ParsedLocation,
  type RouterHistory,
} from '@tanstack/react-router';
import { LoginPage } from '@/screens/session/login-page';
import type { SessionActor } from '@/ui/session';
import type { Services } from '@/api/services';
import { mayOpen, ScreenRefused, type ScreenRoute } from '@/ui/screen-route';
import { NoAuthorization } from '@/ui/no-authorization';
import { FirstLoadPending, PagePending } from '@/ui/shell-frame';
import { RootLayout } from '@/screens/shell/root-layout';
import { Shell } from '@/screens/shell/shell';
import { shellRoutes } from '@/screens/shell/routes';
import { customerRoutes } from '@/screens/customer/routes';
import { orderRoutes } from '@/screens/order/routes';
import { itemRoutes } from '@/screens/items/routes';
import { callRoutes } from '@/screens/call/routes';
import { chargeOrderRoutes } from '@/screens/charge-order/routes';
import { extrasRoutes } from '@/screens/extras/routes';
import { settingsRoutes } from '@/screens/settings/routes';
import { sessionRoutes } from '@/screens/session/routes';
import { controlRoutes } from '@/screens/control/routes';
import { supervisionRoutes } from '@/screens/supervision/routes';
import { returnLocation, RETURN_PARAM } from '@/domain/return-location';
import { t } from '@/i18n';

/**
 * The composition root of the routes: the frame (sign-in, the session guard, the shell, paths
 * that lead nowhere) and every domain's screens from one list. A new screen is a row of its
 * domain's `routes.ts`. The same list is the menu: the router's context carries it to the
 * sidebar and the command palette, and each screen's route guards itself with it (`beforeLoad`).
 */
export const SCREENS: readonly ScreenRoute[] = [
  ...shellRoutes,
  ...customerRoutes,
  ...orderRoutes,
  ...itemRoutes,
  ...callRoutes,
  ...chargeOrderRoutes,
  ...extrasRoutes,
  ...settingsRoutes,
  ...controlRoutes,
  ...supervisionRoutes,
  ...sessionRoutes,
];

const parseSearch = (text: string): Record<string, unknown> => Object.fromEntries(new URLSearchParams(text.startsWith('?') ? text.slice(1) : text));
const stringifySearch = (search: Record<string, unknown>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

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
  }
}

const isSignedIn = (session: SessionActor) => {
  const snapshot = session.getSnapshot();
  return snapshot.matches('signedIn') || snapshot.matches('invalidToken');
};

/**
 * Every /admin path needs a session; without one the user goes to sign-in, the location kept in
 * its `redirect` (followed after sign-in only if it is a page of the console: src/domain/return-location.ts).
 */
const requireSession = ({ context, location }: { context: RouterContext; location: ParsedLocation }) => {
  if (!isSignedIn(context.session)) throw redirect({ to: '/auth/login-page', search: { [RETURN_PARAM]: location.href } });
};

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: RootLayout });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    throw redirect({ to: isSignedIn(context.session) ? '/admin/dashboard' : '/auth/login-page' });
  },
});

/** The sign-in page's search: where to go once signed in (any other key is dropped). */
const loginSearch = (search: Record<string, unknown>): { [RETURN_PARAM]?: string } =>
  typeof search[RETURN_PARAM] === 'string' ? { [RETURN_PARAM]: search[RETURN_PARAM] } : {};

/**
 * The sign-in page inside the router (after a sign-out, or a session that ended): signing in leads
 * where the `redirect` points, with the page's search, when it is a page of the console; else to the dashboard.
 */
function LoginRoute() {
  const navigate = useNavigate();
  const requested = useSearch({ strict: false, select: (search) => search[RETURN_PARAM] });
  const signedIn = useCallback(() => void navigate({ href: returnLocation(requested), replace: true }), [navigate, requested]);
  return <LoginPage onSignedIn={signedIn} />;
}

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/login-page',
  validateSearch: loginSearch,
  staticData: { title: t.titles.login },
  component: LoginRoute,
});
/** The login page some layouts link from their top bar: the same page. */
const altLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login-page',
  validateSearch: loginSearch,
  staticData: { title: t.titles.login },
  component: LoginRoute,
});

const healthRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/health',
  staticData: { title: t.titles.health },
  component: lazyRouteComponent(() => import('@/screens/shell/health-page'), 'HealthPage'),
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: requireSession,
  component: Shell,
});

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard' });
  },
});

const notFoundPage = lazyRouteComponent(() => import('@/screens/shell/not-found-page'), 'NotFoundPage');
const notFoundStaticData = { title: t.titles.notFound };

/** A mistyped /admin path, signed in: "Página no encontrada" inside the shell, the session kept. */
const adminNotFoundRoute = createRoute({ getParentRoute: () => adminRoute, path: '$', staticData: notFoundStaticData, component: notFoundPage });

/**
 * Any other path: without a session the sign-in page (spec route table); with one the same
 * "Página no encontrada" in the shell (docs/decisions.md: a typo must not sign anyone out).
 */
const otherRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: requireSession,
  staticData: notFoundStaticData,
  component: lazyRouteComponent(() => import('@/screens/shell/not-found-page'), 'ShellNotFound'),
});

/**
 * A screen the user may not open: its guard refuses before its page is loaded, and the route
 * shows NO POSEE AUTORIZACION DE ACCESO where the page would be (in the shell, or in a window of
 * its own under the screen's title). Any other failure is the router's usual error.
 */
function refusedOr(title: string | null) {
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

/** The guard of a screen's route: the same question the menu asks (`mayOpen`), asked before anything of the page loads. */
const guardOf =
  (screen: ScreenRoute) =>
  ({ context }: { context: RouterContext }) => {
    if (!mayOpen(screen, context.session.getSnapshot().context.profile?.groups)) throw new ScreenRefused(screen.path);
  };

/** A domain's screen as a route: under the shell, or a window of its own behind the session. */
function screenRoute(screen: ScreenRoute): AnyRoute {
  const guard = guardOf(screen);
  const common = {
    staticData: { title: screen.title },
    ...(screen.search ? { validateSearch: screen.search } : {}),
    component: lazyRouteComponent(async () => ({ default: await screen.page() }), 'default'),
    ...(screen.firstRead
      ? {
          // The validated search is the loader's dependency: a list's first page is the one its URL names.
          loaderDeps: ({ search }: { search: Record<string, unknown> }) => ({ search }),
          loader: ({ context, params, deps, preload }: { context: RouterContext; params: Record<string, string>; deps: { search: Record<string, unknown> }; preload: boolean }) => {
            // Not awaited: the page shows as soon as its code is in; its read is already on its way.
            if (!preload) void screen.firstRead!({ services: context.services, params, search: deps.search }).catch(() => {});
          },
        }
      : {}),
    errorComponent: refusedOr(screen.standalone ? screen.title : null),
    // The shell paints at once around the page's place while the page's code is on its way.
    pendingComponent: PagePending,
    pendingMs: 0,
    pendingMinMs: 0,
  };
  return screen.standalone
    ? createRoute({
        getParentRoute: () => rootRoute,
        path: screen.path,
        beforeLoad: (args: { context: RouterContext; location: ParsedLocation }) => {
          requireSession(args);
          guard(args);
        },
        ...common,
      })
    : createRoute({ getParentRoute: () => adminRoute, path: screen.path, beforeLoad: guard, ...common });
}

const screens = SCREENS.map(screenRoute);

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  altLoginRoute,
  healthRoute,
  ...screens.filter((_route, i) => SCREENS[i]!.standalone),
  adminRoute.addChildren([adminIndexRoute, ...screens.filter((_route, i) => !SCREENS[i]!.standalone), adminNotFoundRoute]),
  otherRoute,
]);

export function createAppRouter(context: Omit<RouterContext, 'screens'>, history: RouterHistory = createHashHistory()) {
  return createRouter({
    routeTree,
    history,
    context: { ...context, screens: SCREENS },
    defaultPreload: 'intent',
    parseSearch,
    stringifySearch,
    scrollRestoration: true,
    InnerWrap: FirstLoad,
  });
}

/**
 * Until the first location has matched, the router draws nothing: on a page of the shell, the
 * entry's frame (src/ui/shell-frame.tsx) keeps "Cargando…" in the page's place, so the screen never
 * goes blank; the shell then fills that same frame. After the routes (their layout effects first).
 */
function FirstLoad({ children }: { children: ReactNode }): JSX.Element {
  const matched = useRouterState<AnyRouter, boolean>({ select: (state) => state.matches.length > 0 });
  return (
    <>
      {children}
      <FirstLoadPending matched={matched} />
    </>
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
