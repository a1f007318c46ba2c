import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute, screen } from '@/routing/route-frame';
import { t } from '@/i18n';

/** The signed-in user's own page (the sign-in page is the router's: it works without a session). */
export const sessionRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    // Reached from the user's menu and the command palette.
    ...screen({ path: 'user-page', title: t.menu.profile, menu: { order: 140 } }),
    component: lazyRouteComponent(() => import('./profile-page'), 'ProfilePage'),
  }),
] as const;
