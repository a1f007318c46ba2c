import type { ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** The signed-in user's own page (the sign-in page is the router's: it works without a session). */
export const sessionRoutes: ScreenRoute[] = [{ path: 'user-page', title: t.menu.profile, page: async () => (await import('./profile-page')).ProfilePage }];
