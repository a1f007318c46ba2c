import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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
const shownGroups = (root: ParentNode = document) => [...root.querySelectorAll<HTMLElement>('[data-key-group]')].filter((el) => el.offsetParent !== null);

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

/**
 * A work queue's panel (issue 39 §6): its first group of actions in the page's order (the entry's
 * own: the order's in Cola de Riesgo, the item's in Cola de Remesas) takes the digit keys and no
 * other, so a digit names one button and presses that one; j and k stay the list's. The panel's
 * parts load one after another: the first group is looked for again whenever its content changes.
 */
export function FirstGroupKeys({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const [first, setFirst] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = panel.current;
    if (!root) return;
    const look = () => setFirst(shownGroups(root)[0]?.dataset.keyGroup ?? null);
    look();
    const watch = new MutationObserver(look);
    watch.observe(root, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, []);
  const value = useMemo(() => ({ current: enabled ? first : null }), [enabled, first]);
  return (
    <KeyGroupsContext.Provider value={value}>
      <div ref={panel} className="contents">
        {children}
      </div>
    </KeyGroupsContext.Provider>
  );
}
