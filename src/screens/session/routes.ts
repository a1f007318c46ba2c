import type { ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** The signed-in user's own page (the sign-in page is the router's: it works without a session). */
export const sessionRoutes: ScreenRoute[] = [
  // Reached from the user's menu and the command palette.
  { path: 'user-page', title: t.menu.profile, menu: { order: 140 }, page: async () => (await import('./profile-page')).ProfilePage },
];
