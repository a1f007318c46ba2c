import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { PresentationChartLineIcon } from '@heroicons/react/24/outline';
import { Permission } from '@/domain/permissions';
import { adminRoute, screen } from '@/routing/route-frame';
import { t } from '@/i18n';

/** Supervisión (issue 28 §1): the operations lead's page. */
export const supervisionRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'supervision', title: t.menu.supervision, permission: Permission.SUPERVISION, menu: { order: 75, icon: PresentationChartLineIcon } }),
    component: lazyRouteComponent(() => import('./supervision-page'), 'SupervisionPage'),
  }),
] as const;
