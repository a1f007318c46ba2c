import { Permission } from '@/domain/permissions';
import { searchOf, type ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** Settings: blacklists, SMS providers, countries, logs. */
export const settingsRoutes: ScreenRoute[] = [
  {
    path: 'settings-page',
    title: t.menu.settings,
    permission: Permission.SETTINGS,
    // Reached from the command palette; the sidebar does not list it (spec menu).
    menu: { order: 130 },
    search: searchOf(['tab', 'page', 'value']),
    page: async () => (await import('./settings-page')).SettingsPage,
  },
];
