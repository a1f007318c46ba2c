import { useMemo } from 'react';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { mayOpen, menuOf, type ScreenRoute } from '@/ui/screen-route';
import { useSession } from '@/ui/session';

/**
 * The screens as the signed-in user's menus see them, read from the router's one list of screens
 * (its context) with the question each route's guard asks: `menu`, the entries offered in menu
 * order; `opens(path)`, whether the screen of a route path (`order-page/$id`) would open.
 */
export function useScreens() {
  const screens = useRouteContext({ from: rootRouteId, select: (context): readonly ScreenRoute[] => context.screens });
  const groups = useSession((c) => c.profile?.groups);
  // Asked by the sidebar and the search on every render of the shell: the same answer until the profile changes.
  const menu = useMemo(() => menuOf(screens, groups), [screens, groups]);
  return {
    menu,
    opens: (path: string) => screens.some((screen) => screen.path === path && mayOpen(screen, groups)),
  };
}
