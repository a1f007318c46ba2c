import * as v from 'valibot';
import type { ComponentType } from 'react';

/**
 * A screen's route as its domain declares it (`src/screens/<domain>/routes.ts`): the router
 * assembles them from one list, so a new screen is a row there, not an edit of the router.
 */
export interface ScreenRoute {
  /** The path under /admin (inside the shell), or from the root for a window of its own. */
  path: string;
  /** The page title (spec: the title comes from the route name). */
  title: string;
  /** The view permission (or any of a list); without it the page says NO POSEE AUTORIZACION DE ACCESO. */
  permission?: string | readonly string[];
  /** The search parameters the page keeps in the URL; a value that fails its schema falls back to none. */
  search?: v.GenericSchema<unknown, Record<string, unknown>>;
  /** The page, loaded with its route. */
  page: () => Promise<ComponentType>;
  /** A window of its own, outside the shell (the fraud graph), still behind the session. */
  standalone?: boolean;
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
