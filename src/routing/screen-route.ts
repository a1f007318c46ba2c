import * as v from 'valibot';
import type { ComponentType, SVGProps } from 'react';
import { hasPermission, type GroupLike } from '@/domain/permissions';

/** Where a screen is offered: its place in the menus and, for the sidebar, its icon. */
export interface ScreenMenu {
  /** The place among the menus' entries (lowest first). */
  order: number;
  /** Listed in the sidebar with this icon; without one the screen is offered by the command palette only (settings, the profile: the user's menu leads there). */
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
}

/**
 * A screen as its domain declares it, inside its typed route (`src/screens/<domain>/routes.ts`,
 * `createRoute({ ..., ...screen({ path, title, ... }) })`, src/routing/route-frame.tsx): the route's
 * static data carries it, so the menus (its label is the title) and the guard (`mayOpen`) read the
 * same declaration: a screen the menu does not offer is one its route refuses.
 */
export interface ScreenRoute {
  /** The path under /admin (inside the shell), or from the root for a window of its own. */
  path: string;
  /** The page title (spec: the title comes from the route name). */
  title: string;
  /** The view permission (or any of a list); without it the page says NO POSEE AUTORIZACION DE ACCESO. */
  permission?: string | readonly string[];
  /** A window of its own, outside the shell (the fraud graph), still behind the session. */
  standalone?: boolean;
  /** Offered by the menus (the sidebar, the command palette). */
  menu?: ScreenMenu;
}

/** Whether a user with these groups may open the screen: the route's guard and the menu both ask this. */
export function mayOpen(screen: Pick<ScreenRoute, 'permission'>, groups: readonly GroupLike[] | null | undefined): boolean {
  return !screen.permission || hasPermission(groups, screen.permission);
}

/** The screens a user's menus offer, in menu order. */
export function menuOf(screens: readonly ScreenRoute[], groups: readonly GroupLike[] | null | undefined) {
  return screens
    .filter((screen): screen is ScreenRoute & { menu: ScreenMenu } => screen.menu !== undefined && mayOpen(screen, groups))
    .sort((a, b) => a.menu.order - b.menu.order)
    .map((screen) => ({ to: `/admin/${screen.path}`, label: screen.title, icon: screen.menu.icon }));
}

/** What a route's guard throws when the user may not open its screen: the route shows the refusal text instead. */
export class ScreenRefused extends Error {
  constructor(readonly path: string) {
    super(`refused: ${path}`);
    this.name = 'ScreenRefused';
  }
}

/** A search text as the URL carries it: trimmed, bounded; empty, too long or not text means none. */
const SearchText = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(200),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  ),
  undefined,
);

/** The search of a list screen: plain strings under the given keys (`?status=RISK&page=2`); any other key is dropped. */
export function searchOf<const TKey extends string>(keys: readonly TKey[]) {
  return v.object(Object.fromEntries(keys.map((key) => [key, SearchText])) as Record<TKey, typeof SearchText>);
}

/** A yes/no flag in the URL (`?kyc=1`): anything else is no. */
export const SearchFlag = v.fallback(
  v.optional(v.pipe(v.unknown(), v.transform((value) => value === 1 || value === '1' || value === 'true' || value === true))),
  undefined,
);
