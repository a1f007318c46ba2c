import { ChartBarSquareIcon } from '@heroicons/react/24/outline';
import type { ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** The shell's own screens: the dashboard (every signed-in user) and the page of a path that leads nowhere. */
export const shellRoutes: ScreenRoute[] = [
  { path: 'dashboard', title: t.menu.dashboard, menu: { order: 10, icon: ChartBarSquareIcon }, page: async () => (await import('./dashboard-page')).DashboardPage },
];
