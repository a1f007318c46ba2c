import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ChartBarSquareIcon } from '@heroicons/react/24/outline';
import { adminRoute, screen } from '@/routing/route-frame';
import { t } from '@/i18n';

/** The shell's own screens: the dashboard (every signed-in user). */
export const shellRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'dashboard', title: t.menu.dashboard, menu: { order: 10, icon: ChartBarSquareIcon } }),
    component: lazyRouteComponent(() => import('./dashboard-page'), 'DashboardPage'),
  }),
] as const;
