import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Permission } from '@/domain/permissions';
import { searchOf } from '@/routing/screen-route';
import { adminRoute, screen } from '@/routing/route-frame';
import { t } from '@/i18n';

/** Settings: blacklists, SMS providers, countries, logs. */
export const settingsRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    // Reached from the command palette; the sidebar does not list it (spec menu).
    ...screen({ path: 'settings-page', title: t.menu.settings, permission: Permission.SETTINGS, menu: { order: 130 } }),
    validateSearch: searchOf(['tab', 'page', 'value']),
    component: lazyRouteComponent(() => import('./settings-page'), 'SettingsPage'),
  }),
] as const;
