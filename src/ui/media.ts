import { useSyncExternalStore } from 'react';

/** Tailwind's breakpoints as media queries: `md:` and `lg:` in the classes mean these widths. */
export const MEDIUM_UP = '(min-width: 48rem)';
export const LARGE_UP = '(min-width: 64rem)';
/** A phone's screen: below Tailwind's `sm` (what `max-sm:` means in the classes). */
export const PHONE = '(max-width: 639px)';

/**
 * Whether a media query matches, following it as the window changes. For what a narrow screen
 * hides with a class anyway (the menu's column on a phone): not rendering it at all spares the
 * phone's first render its work (issue 26: the shell's render was the third longest task).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
