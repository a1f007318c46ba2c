import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { CubeIcon } from '@heroicons/react/24/outline';
import { defaultWindow } from '@/domain/date-window';
import { Permission } from '@/domain/permissions';
import { searchOf } from '@/routing/screen-route';
import { adminRoute, listLoader, screen, VISIT } from '@/routing/route-frame';
import { t } from '@/i18n';

/** The items search: its first page is its route's loader's (src/routing/route-frame.tsx). */
export const itemRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'items', title: t.menu.items, permission: Permission.VIEW_ITEMS, menu: { order: 40, icon: CubeIcon } }),
    validateSearch: searchOf(['foiId', 'accountId', 'destination', 'productStatus', 'productType', 'startDate', 'endDate', 'page']),
    loader: listLoader({
      pageSize: 20,
      read: async () => {
        const { getItems } = await import('@/api/lists');
        return { defaults: (now) => defaultWindow('default', now), fetch: (services, params, signal) => getItems(services.rorders, params, signal) };
      },
    }),
    ...VISIT,
    component: lazyRouteComponent(() => import('./items-page'), 'ItemsPage'),
  }),
] as const;
