import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { BellAlertIcon, CubeIcon, ShoppingCartIcon } from '@heroicons/react/24/outline';
import * as v from 'valibot';
import { defaultWindow } from '@/domain/date-window';
import { Permission } from '@/domain/permissions';
import { SearchFlag, searchOf } from '@/routing/screen-route';
import { adminRoute, listLoader, readsFrom, rootRoute, screen, VISIT } from '@/routing/route-frame';
import { FRAUD_GRAPH_WINDOW } from '@/domain/frame-paths';
import { FraudGraphSearch } from './fraud-graph/graph-search';
import { OrderPageSearch } from './order-tabs';
import type { RemittanceQueueQuery, RiskQueueQuery } from '@/api/contract/queues';
import { t } from '@/i18n';

const ORDER_KEYS = [
  'orderId', 'accountId', 'status', 'productType', 'productStatus', 'viaClientId', 'pasarela', 'ipOrigin', 'productDestination',
  'startDate', 'endDate', 'extraKind', 'extraValue', 'sort', 'page',
] as const;

/** Cola de Remesas' filters and Cola de Riesgo's order in the URL (the queries they make: ./queue-queries.ts, loaded with the first read). */
const RemittanceQueueSearch = searchOf(['product', 'province', 'provider', 'minAgeHours', 'sort']);
const RiskQueueSearch = searchOf(['sort']);

/** The order's screens in the shell: the orders search, the queues and the order page (first reads: their loaders'). */
export const orderRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'orders', title: t.menu.orders, permission: Permission.VIEW_ORDERS, menu: { order: 30, icon: ShoppingCartIcon } }),
    // `kyc`: set by a double-click on the KYC counter, to show the stored KYC list.
    validateSearch: v.object({ ...searchOf(ORDER_KEYS).entries, kyc: SearchFlag }),
    loader: listLoader({
      pageSize: 15,
      // `kyc` opens the stored KYC list beside the orders; it filters nothing.
      filtersOf: ({ kyc: _kyc, ...filters }) => filters,
      read: async () => {
        const [{ getOrders }, { ORDER_EXTRA_FILTERS }] = await Promise.all([import('@/api/lists'), import('@/api/contract/order-lists')]);
        return {
          defaults: (now) => ({ ...defaultWindow('default', now), extraKind: ORDER_EXTRA_FILTERS[0].key }),
          fetch: (services, params, signal) => getOrders(services.orders, params, signal),
        };
      },
    }),
    ...VISIT,
    component: lazyRouteComponent(() => import('./orders-page'), 'OrdersPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'remittance-queue', title: t.menu.remittanceQueue, permission: [Permission.OPERATIONS_SPECIALIST, Permission.PICKUP_DELIVERY], menu: { order: 50, icon: CubeIcon } }),
    validateSearch: RemittanceQueueSearch,
    // The queue is asked for as the navigation starts, beside the page's code (its read a small chunk of its own).
    loader: async ({ context: { services }, location, preload }) => {
      const [{ getRemittanceQueue }, { remittanceQueryOf }] = await Promise.all([import('@/api/queues'), import('./queue-queries')]);
      const first = remittanceQueryOf(v.parse(RemittanceQueueSearch, location.search));
      return { read: readsFrom((query: RemittanceQueueQuery) => getRemittanceQueue(services.orders, query), preload ? null : [first]) };
    },
    ...VISIT,
    component: lazyRouteComponent(() => import('./remittance-queue-page'), 'RemittanceQueuePage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'risk-queue', title: t.menu.riskQueue, permission: Permission.FRAUD_COMPLETE, menu: { order: 60, icon: BellAlertIcon } }),
    validateSearch: RiskQueueSearch,
    loader: async ({ context: { services }, location, preload }) => {
      const [{ getRiskQueue }, { riskQueryOf, sortOf }] = await Promise.all([import('@/api/queues'), import('./queue-queries')]);
      const first = riskQueryOf(sortOf(v.parse(RiskQueueSearch, location.search).sort));
      return { read: readsFrom((query: RiskQueueQuery) => getRiskQueue(services.orders, query), preload ? null : [first]) };
    },
    ...VISIT,
    component: lazyRouteComponent(() => import('./risk-queue-page'), 'RiskQueuePage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'order-page/$id', title: t.titles.order, permission: Permission.VIEW_ORDERS }),
    // The tab shown (`?tab=risk`): a link names it, and choosing another replaces it.
    validateSearch: OrderPageSearch,
    // The order is asked for as the navigation starts (its read a small chunk of its own); the page takes it.
    loader: async ({ context: { services }, params, preload }) => {
      const { loadOrder, orderIdOf } = await import('./load-order');
      const orderId = orderIdOf(params.id);
      return { orderId, order: orderId === null ? null : readsFrom(() => loadOrder(services.orders, orderId), preload ? null : []) };
    },
    ...VISIT,
    component: lazyRouteComponent(() => import('./order-page'), 'OrderPage'),
  }),
] as const;

/** The order's windows of their own: the fraud graph. */
export const orderWindows = [
  createRoute({
    // A window of its own (spec details §2): signed in, but all graph and no side menu.
    getParentRoute: () => rootRoute,
    ...screen({ path: FRAUD_GRAPH_WINDOW, standalone: true, title: t.titles.fraudGraph, permission: Permission.VIEW_ORDERS }),
    validateSearch: FraudGraphSearch,
    component: lazyRouteComponent(() => import('./fraud-graph/fraud-graph-page'), 'FraudGraphPage'),
  }),
] as const;
