import { BellAlertIcon, CubeIcon, ShoppingCartIcon } from '@heroicons/react/24/outline';
import * as v from 'valibot';
import { Permission } from '@/domain/permissions';
import { SearchFlag, searchOf, listFirstRead, type ScreenRoute } from '@/ui/screen-route';
import { FRAUD_GRAPH_WINDOW } from '@/domain/frame-paths';
import { t } from '@/i18n';

const ORDER_KEYS = [
  'orderId', 'accountId', 'status', 'productType', 'productStatus', 'viaClientId', 'pasarela', 'ipOrigin', 'productDestination',
  'startDate', 'endDate', 'extraKind', 'extraValue', 'sort', 'page',
] as const;

/** The order's screens: the orders search, the order page and the fraud graph's window. */
export const orderRoutes: ScreenRoute[] = [
  {
    path: 'orders',
    title: t.menu.orders,
    permission: Permission.VIEW_ORDERS,
    menu: { order: 30, icon: ShoppingCartIcon },
    // `kyc`: set by a double-click on the KYC counter, to show the stored KYC list.
    search: v.object({ ...searchOf(ORDER_KEYS).entries, kyc: SearchFlag }),
    page: async () => (await import('./orders-page')).OrdersPage,
    firstRead: listFirstRead(async () => (await import('./orders-read')).ordersRead),
  },
  {
    path: 'remittance-queue',
    title: t.menu.remittanceQueue,
    permission: [Permission.OPERATIONS_SPECIALIST, Permission.PICKUP_DELIVERY],
    menu: { order: 50, icon: CubeIcon },
    search: searchOf(['product', 'province', 'provider', 'minAgeHours', 'sort']),
    page: async () => (await import('./remittance-queue-page')).RemittanceQueuePage,
  },
  {
    path: 'risk-queue',
    title: t.menu.riskQueue,
    permission: Permission.FRAUD_COMPLETE,
    menu: { order: 60, icon: BellAlertIcon },
    search: searchOf(['sort']),
    page: async () => (await import('./risk-queue-page')).RiskQueuePage,
  },
  {
    path: 'order-page/$id',
    title: t.titles.order,
    permission: Permission.VIEW_ORDERS,
    page: async () => (await import('./order-page')).OrderPage,
    firstRead: async ({ services, params }) => {
      const { orderIdOf, orderRead } = await import('./load-order');
      const orderId = orderIdOf(params.id);
      if (orderId !== null) orderRead.start(services, orderId);
    },
  },
  {
    // A window of its own (spec details §2): signed in, but all graph and no side menu.
    path: FRAUD_GRAPH_WINDOW,
    standalone: true,
    title: t.titles.fraudGraph,
    permission: Permission.VIEW_ORDERS,
    search: searchOf(['orderId', 'userId', 'depth', 'networkType', 'multiCompany']),
    page: async () => (await import('./fraud-graph/fraud-graph-page')).FraudGraphPage,
  },
];
