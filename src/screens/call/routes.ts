import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { PhoneIcon } from '@heroicons/react/24/outline';
import { defaultWindow } from '@/domain/date-window';
import { Permission } from '@/domain/permissions';
import { searchOf } from '@/routing/screen-route';
import { adminRoute, listLoader, screen, VISIT } from '@/routing/route-frame';
import { t } from '@/i18n';

/** The calls search: its first page is its route's loader's (src/routing/route-frame.tsx). */
export const callRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'calls', title: t.menu.calls, permission: Permission.VIEW_CALLS, menu: { order: 90, icon: PhoneIcon } }),
    validateSearch: searchOf(['e164', 'accountId', 'src', 'terminateCauseId', 'startDate', 'endDate', 'page']),
    loader: listLoader({
      pageSize: 20,
      read: async () => {
        const { getCalls } = await import('@/api/lists');
        return { defaults: (now) => defaultWindow('calls', now), fetch: (services, params, signal) => getCalls(services.users, params, signal) };
      },
    }),
    ...VISIT,
    component: lazyRouteComponent(() => import('./calls-page'), 'CallsPage'),
  }),
] as const;
