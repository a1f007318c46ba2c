import {
  createHashHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  useNavigate,
} from '@tanstack/react-router';
import { LoginPage } from '@/screens/login/login-page';
import * as v from 'valibot';
import type { SessionActor } from '@/ui/session';
import { RootLayout } from '@/app/root-layout';
import { Permission } from '@/domain/permissions';
import { t } from '@/i18n';

/** List screens keep their filters in the URL as plain strings (`?status=RISK&page=2`). */
function ListSearch(keys: readonly string[]) {
  return (search: Record<string, unknown>): Record<string, string> =>
    Object.fromEntries(
      keys.flatMap((key) => {
        const value = search[key];
        return typeof value === 'string' && value !== '' ? [[key, value.slice(0, 200)]] : [];
      }),
    );
}

const parseSearch = (text: string): Record<string, unknown> => Object.fromEntries(new URLSearchParams(text.startsWith('?') ? text.slice(1) : text));
const stringifySearch = (search: Record<string, unknown>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export interface RouterContext {
  session: SessionActor;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page title (spec: the title comes from the route name). */
    title?: string;
    /** The view permission the route needs; without it the page says NO POSEE AUTORIZACION DE ACCESO. */
    permission?: string;
  }
}

const isSignedIn = (session: SessionActor) => {
  const snapshot = session.getSnapshot();
  return snapshot.matches('signedIn') || snapshot.matches('invalidToken');
};

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: RootLayout });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    throw redirect({ to: isSignedIn(context.session) ? '/admin/dashboard' : '/auth/login-page' });
  },
});

/** The sign-in page inside the router (after a sign-out): signing in leads to the dashboard. */
function LoginRoute() {
  const navigate = useNavigate();
  return <LoginPage onSignedIn={() => void navigate({ to: '/admin/dashboard' })} />;
}
const loginPage = LoginRoute;

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/login-page',
  staticData: { title: t.titles.login },
  component: loginPage,
});

/** The login page some layouts link from their top bar: the same page. */
const altLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login-page',
  staticData: { title: t.titles.login },
  component: loginPage,
});

const healthRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/health',
  staticData: { title: t.titles.health },
  component: lazyRouteComponent(() => import('@/screens/health/health-page'), 'HealthPage'),
});

/** Every /admin route needs a session; without one the user goes to sign-in. */
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: ({ context }) => {
    if (!isSignedIn(context.session)) throw redirect({ to: '/auth/login-page' });
  },
  component: lazyRouteComponent(() => import('@/screens/shell/shell'), 'Shell'),
});

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard' });
  },
});

const placeholder = lazyRouteComponent(() => import('@/screens/placeholder/placeholder-page'), 'PlaceholderPage');

const dashboardRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'dashboard',
  staticData: { title: t.menu.dashboard },
  component: lazyRouteComponent(() => import('@/screens/dashboard/dashboard-page'), 'DashboardPage'),
});

const customersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'customers',
  validateSearch: ListSearch(['id', 'login', 'names', 'lastNames', 'group', 'enabled', 'startDate', 'endDate', 'countryCode', 'sort', 'page']),
  staticData: { title: t.menu.customers, permission: Permission.VIEW_CUSTOMERS },
  component: lazyRouteComponent(() => import('@/screens/customers/customers-page'), 'CustomersPage'),
});

const ORDER_KEYS = [
  'orderId', 'accountId', 'status', 'productType', 'productStatus', 'viaClientId', 'pasarela', 'ipOrigin', 'productDestination',
  'startDate', 'endDate', 'extraKind', 'extraValue', 'sort', 'page',
] as const;

const OrdersSearch = v.object({
  /** Set by a double-click on the KYC counter: show the stored KYC list. */
  kyc: v.optional(v.pipe(v.unknown(), v.transform((value) => value === 1 || value === '1' || value === 'true' || value === true))),
});

const ordersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders',
  validateSearch: (search: Record<string, unknown>) => ({ ...ListSearch(ORDER_KEYS)(search), ...v.parse(OrdersSearch, search) }),
  staticData: { title: t.menu.orders, permission: Permission.VIEW_ORDERS },
  component: lazyRouteComponent(() => import('@/screens/orders/orders-page'), 'OrdersPage'),
});

const itemsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'items',
  validateSearch: ListSearch(['foiId', 'accountId', 'destination', 'productStatus', 'productType', 'startDate', 'endDate', 'page']),
  staticData: { title: t.menu.items, permission: Permission.VIEW_ITEMS },
  component: lazyRouteComponent(() => import('@/screens/items/items-page'), 'ItemsPage'),
});

const callsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'calls',
  validateSearch: ListSearch(['e164', 'accountId', 'src', 'terminateCauseId', 'startDate', 'endDate', 'page']),
  staticData: { title: t.menu.calls, permission: Permission.VIEW_CALLS },
  component: lazyRouteComponent(() => import('@/screens/calls/calls-page'), 'CallsPage'),
});

const paymentsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'payments',
  validateSearch: ListSearch(['originOrderId', 'accountId', 'appName', 'status', 'pasarela', 'startDate', 'endDate', 'extraKind', 'extraValue', 'page']),
  staticData: { title: t.menu.payments, permission: Permission.VIEW_UPG },
  component: lazyRouteComponent(() => import('@/screens/payments/payments-page'), 'PaymentsPage'),
});

const clientsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'clients',
  /** `search` comes from the shell's global search; `email` and `phone` from the screen's form. */
  validateSearch: ListSearch(['search', 'email', 'phone', 'page']),
  staticData: { title: t.menu.clients, permission: Permission.VIEW_RECOVER_CLIENTS },
  component: lazyRouteComponent(() => import('@/screens/clients/clients-page'), 'ClientsPage'),
});

const extrasRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'extras',
  validateSearch: ListSearch(['tab', 'page', 'historyPage', 'partnerReference', 'status', 'dateFrom', 'dateTo']),
  staticData: { title: t.menu.extras, permission: Permission.VIEW_CUSTOMERS },
  component: lazyRouteComponent(() => import('@/screens/extras/extras-page'), 'ExtrasPage'),
});

const profileRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'user-page',
  staticData: { title: t.menu.profile },
  component: lazyRouteComponent(() => import('@/screens/profile/profile-page'), 'ProfilePage'),
});

const customerRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'customer-page/$id',
  staticData: { title: t.titles.customer, permission: Permission.VIEW_CUSTOMERS },
  component: placeholder,
});

const orderRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'order-page/$id',
  staticData: { title: t.titles.order, permission: Permission.VIEW_ORDERS },
  component: lazyRouteComponent(() => import('@/screens/order/order-page'), 'OrderPage'),
});

const settingsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'settings-page',
  validateSearch: ListSearch(['tab', 'page', 'value']),
  staticData: { title: t.menu.settings, permission: Permission.SETTINGS },
  component: lazyRouteComponent(() => import('@/screens/settings/settings-page'), 'SettingsPage'),
});

/**
 * The fraud graph opens in a window of its own (spec details §2): signed in like every /admin
 * route, but outside the shell, so the window is all graph and no side menu. The page itself
 * shows the refusal text without CRM2_VIEW_ORDERS.
 */
const fraudGraphRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/fraud-graph',
  beforeLoad: ({ context }) => {
    if (!isSignedIn(context.session)) throw redirect({ to: '/auth/login-page' });
  },
  validateSearch: ListSearch(['orderId', 'userId', 'depth', 'networkType', 'multiCompany']),
  staticData: { title: t.titles.fraudGraph, permission: Permission.VIEW_ORDERS },
  component: lazyRouteComponent(() => import('@/screens/fraud-graph/fraud-graph-page'), 'FraudGraphPage'),
});

/** Any other path goes to the sign-in page (spec route table). */
const otherRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/auth/login-page' });
  },
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  altLoginRoute,
  healthRoute,
  fraudGraphRoute,
  adminRoute.addChildren([
    adminIndexRoute,
    dashboardRoute,
    customersRoute,
    ordersRoute,
    itemsRoute,
    callsRoute,
    paymentsRoute,
    clientsRoute,
    extrasRoute,
    profileRoute,
    customerRoute,
    orderRoute,
    settingsRoute,
  ]),
  otherRoute,
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    history: createHashHistory(),
    context,
    defaultPreload: 'intent',
    parseSearch,
    stringifySearch,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
