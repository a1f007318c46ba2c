import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { CreditCardIcon } from '@heroicons/react/24/outline';
import { defaultWindow } from '@/domain/date-window';
import { Permission } from '@/domain/permissions';
import { searchOf } from '@/routing/screen-route';
import { adminRoute, listLoader, screen, VISIT } from '@/routing/route-frame';
import { t } from '@/i18n';

/** The payment gateway's charge orders (Pagos UPG): the company's; the first page is its route's loader's. */
export const chargeOrderRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'payments', title: t.menu.payments, permission: Permission.VIEW_UPG, menu: { order: 100, icon: CreditCardIcon } }),
    validateSearch: searchOf(['originOrderId', 'accountId', 'appName', 'status', 'pasarela', 'startDate', 'endDate', 'extraKind', 'extraValue', 'page']),
    loader: listLoader({
      pageSize: 20,
      read: async () => {
        const [{ getChargeOrders }, { PAYMENT_EXTRA_FILTERS }] = await Promise.all([import('@/api/lists'), import('@/api/contract/upg')]);
        return {
          defaults: (now) => ({ ...defaultWindow('default', now), extraKind: PAYMENT_EXTRA_FILTERS[0].key }),
          fetch: (services, params, signal) => getChargeOrders(services.upg, services.config.tenant, params, signal),
        };
      },
    }),
    ...VISIT,
    component: lazyRouteComponent(() => import('./payments-page'), 'PaymentsPage'),
  }),
] as const;
