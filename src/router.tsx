import { useCallback, type JSX, type ReactNode } from 'react';
import {
  createHashHistory,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  useNavigate,
  useRouterState,
  type AnyRouter,
  type RouterHistory,
} from '@tanstack/react-router';
import { LoginPage } from '@/screens/session/login-page';
import type { ScreenRoute } from '@/routing/screen-route';
import { adminRoute, isSignedIn, requireSession, rootRoute, type RouterContext } from '@/routing/route-frame';
import { FirstLoadPending } from '@/ui/shell-frame';
import { RootLayout } from '@/screens/shell/root-layout';
import { Shell } from '@/screens/shell/shell';
import { shellRoutes } from '@/screens/shell/routes';
import { customerRoutes } from '@/screens/customer/routes';
import { orderRoutes, orderWindows } from '@/screens/order/routes';
import { itemRoutes } from '@/screens/items/routes';
import { callRoutes } from '@/screens/call/routes';
import { chargeOrderRoutes } from '@/screens/charge-order/routes';
import { extrasRoutes } from '@/screens/extras/routes';
import { settingsRoutes } from '@/screens/settings/routes';
import { sessionRoutes } from '@/screens/session/routes';
import { controlRoutes } from '@/screens/control/routes';
import { supervisionRoutes } from '@/screens/supervision/routes';
import { returnLocation, RETURN_PARAM } from '@/domain/return-location';
import { parseSearch, stringifySearch } from '@/domain/url-search';
import { t } from '@/i18n';

/**
 * The composition root of the routes: the frame's layouts (src/routing/route-frame.tsx declares the
 * root and /admin), sign-in, paths that lead nowhere, and every domain's typed screen routes. A new
 * screen is a route of its domain's `routes.ts` and a name in this list. Their declarations are
 * the menu: the router's context carries them to the sidebar and the command palette, and each
 * screen's route guards itself with its own (`beforeLoad`).
 */
const screenRoutes = [
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
] as const;

/** The screens in windows of their own (behind the session, outside the shell). */
const windowRoutes = [...orderWindows] as const;

export const SCREENS: readonly ScreenRoute[] = [...screenRoutes, ...windowRoutes].flatMap((route) => route.options.staticData?.screen ?? []);


export type { RouterContext };

rootRoute.update({ component: RootLayout });
adminRoute.update({ component: Shell });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: ({ context }): never => {
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
  const requested = loginRoute.useSearch({ select: (search) => search[RETURN_PARAM] });
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
/** The login page some layouts link from their top bar: the same page, under its one path (with where to go after). */
const altLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login-page',
  validateSearch: loginSearch,
  beforeLoad: ({ search }): never => {
    throw redirect({ to: '/auth/login-page', search, replace: true });
  },
});

const healthRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/health',
  staticData: { title: t.titles.health },
  component: lazyRouteComponent(() => import('@/screens/shell/health-page'), 'HealthPage'),
});

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: (): never => {
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

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  altLoginRoute,
  healthRoute,
  ...windowRoutes,
  adminRoute.addChildren([adminIndexRoute, ...screenRoutes, adminNotFoundRoute]),
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
