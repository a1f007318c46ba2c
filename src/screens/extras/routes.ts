import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Squares2X2Icon } from '@heroicons/react/24/outline';
import { Permission } from '@/domain/permissions';
import { searchOf } from '@/routing/screen-route';
import { adminRoute, screen } from '@/routing/route-frame';
import { t } from '@/i18n';

/** Extras: exchange rates and KYC decisions. */
export const extrasRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'extras', title: t.menu.extras, permission: Permission.VIEW_CUSTOMERS, menu: { order: 120, icon: Squares2X2Icon } }),
    validateSearch: searchOf(['tab', 'page', 'historyPage', 'partnerReference', 'status', 'dateFrom', 'dateTo']),
    component: lazyRouteComponent(() => import('./extras-page'), 'ExtrasPage'),
  }),
] as const;
