import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { LifebuoyIcon, UserGroupIcon } from '@heroicons/react/24/outline';
import { Permission } from '@/domain/permissions';
import { searchOf } from '@/routing/screen-route';
import { adminRoute, listLoader, readsFrom, screen, VISIT } from '@/routing/route-frame';
import { t } from '@/i18n';

/** The customer's screens: the customers search, the recovery search and the customer page (their first reads are their loaders'). */
export const customerRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'customers', title: t.menu.customers, permission: Permission.VIEW_CUSTOMERS, menu: { order: 20, icon: UserGroupIcon } }),
    validateSearch: searchOf(['id', 'login', 'names', 'lastNames', 'group', 'enabled', 'startDate', 'endDate', 'countryCode', 'sort', 'page']),
    // Registered dates are optional here (docs/decisions.md): no default window.
    loader: listLoader({
      pageSize: 15,
      read: async () => {
        const { getCustomers } = await import('@/api/customer-lists');
        return { defaults: () => ({}), fetch: (services, params, signal) => getCustomers(services.uaa, params, signal) };
      },
    }),
    ...VISIT,
    component: lazyRouteComponent(() => import('./customers-page'), 'CustomersPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'clients', title: t.menu.clients, permission: Permission.VIEW_RECOVER_CLIENTS, menu: { order: 110, icon: LifebuoyIcon } }),
    // `search` comes from the shell's global search; `email` and `phone` from the screen's form.
    validateSearch: searchOf(['search', 'email', 'phone', 'page']),
    component: lazyRouteComponent(() => import('./clients-page'), 'ClientsPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'customer-page/$id', title: t.titles.customer, permission: Permission.VIEW_CUSTOMERS }),
    // The card (who, the account, what they bought) is asked for as the navigation starts (its read a small chunk of its own); the page takes it.
    loader: async ({ context: { services }, params, preload }) => {
      const { accountIdOf, loadCustomerCard } = await import('@/features/customer/customer-card-read');
      const accountId = accountIdOf(params.id);
      return { accountId, card: accountId === null ? null : readsFrom(() => loadCustomerCard(services, accountId), preload ? null : []) };
    },
    ...VISIT,
    component: lazyRouteComponent(() => import('./customer-page'), 'CustomerPage'),
  }),
] as const;
