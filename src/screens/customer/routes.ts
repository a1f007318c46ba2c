import { LifebuoyIcon, UserGroupIcon } from '@heroicons/react/24/outline';
import { Permission } from '@/domain/permissions';
import { searchOf, listFirstRead, type ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** The customer's screens: the customers search, the recovery search and the customer page. */
export const customerRoutes: ScreenRoute[] = [
  {
    path: 'customers',
    title: t.menu.customers,
    permission: Permission.VIEW_CUSTOMERS,
    menu: { order: 20, icon: UserGroupIcon },
    search: searchOf(['id', 'login', 'names', 'lastNames', 'group', 'enabled', 'startDate', 'endDate', 'countryCode', 'sort', 'page']),
    page: async () => (await import('./customers-page')).CustomersPage,
    firstRead: listFirstRead(async () => (await import('./customers-read')).customersRead),
  },
  {
    path: 'clients',
    title: t.menu.clients,
    permission: Permission.VIEW_RECOVER_CLIENTS,
    menu: { order: 110, icon: LifebuoyIcon },
    // `search` comes from the shell's global search; `email` and `phone` from the screen's form.
    search: searchOf(['search', 'email', 'phone', 'page']),
    page: async () => (await import('./clients-page')).ClientsPage,
  },
  {
    path: 'customer-page/$id',
    title: t.titles.customer,
    permission: Permission.VIEW_CUSTOMERS,
    page: async () => (await import('./customer-page')).CustomerPage,
    firstRead: async ({ services, params }) => {
      const { accountIdOf, customerCardRead } = await import('@/ui/customer/customer-card-read');
      const accountId = accountIdOf(params.id);
      if (accountId !== null) customerCardRead.start(services, accountId);
    },
  },
];
