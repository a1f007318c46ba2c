import { useMemo } from 'react';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { mayOpen, menuOf, type ScreenRoute } from './screen-route';
import { useSession } from '@/ui/session';

/**
 * The screens as the signed-in user sees them, read from the router's one list of screens (its
 * context) with the question each route's guard asks (`mayOpen`): `menu`, the entries the sidebar
 * and the command palette offer, in menu order; `opens(path)`, whether the screen of a route path
 * (`order-page/$id`) would open. A piece that shows a way to a screen, or what a screen would
 * show, asks this, never a permission of its own (issue 38).
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
