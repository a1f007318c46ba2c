import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { KeyGroupsContext } from './action-host';

/**
 * Keyboard flow on a detail page (issue 14 §5): a page has many groups of actions (the order's,
 * each offer's, each item's), so j and k move through them in the page's order, and the chosen
 * group's enabled actions get the digit keys 1–9, shown on their buttons; Esc lets it go. In a
 * dialog Enter confirms and Esc cancels, as everywhere. The arrows keep scrolling the page.
 */

// The keys load after the page (the registry is not needed to show it).
const GroupKeys = lazy(async () => ({ default: (await import('./key-groups-keys')).GroupKeys }));

/** The groups shown now, in the page's order (a closed tab's are not). */
const shownGroups = () => [...document.querySelectorAll<HTMLElement>('[data-key-group]')].filter((el) => el.offsetParent !== null);

export function KeyGroupsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<string | null>(null);
  const move = (step: 1 | -1) => {
    const groups = shownGroups();
    if (groups.length === 0) return;
    const at = groups.findIndex((el) => el.dataset.keyGroup === current);
    const next = groups[at === -1 ? (step === 1 ? 0 : groups.length - 1) : (at + step + groups.length) % groups.length]!;
    setCurrent(next.dataset.keyGroup ?? null);
    next.scrollIntoView({ block: 'nearest' });
    next.focus({ preventScroll: true });
  };
  const value = useMemo(() => ({ current }), [current]);
  return (
    <KeyGroupsContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        <GroupKeys move={move} leave={() => setCurrent(null)} />
      </Suspense>
    </KeyGroupsContext.Provider>
  );
}
