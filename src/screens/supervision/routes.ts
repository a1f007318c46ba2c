import { PresentationChartLineIcon } from '@heroicons/react/24/outline';
import { Permission } from '@/domain/permissions';
import type { ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** Supervisión (issue 28 §1): the operations lead's page. */
export const supervisionRoutes: ScreenRoute[] = [
  {
    path: 'supervision',
    title: t.menu.supervision,
    permission: Permission.SUPERVISION,
    menu: { order: 75, icon: PresentationChartLineIcon },
    page: async () => (await import('./supervision-page')).SupervisionPage,
  },
];
