import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Spinner } from './spinner';
import { t } from '@/i18n';

/**
 * A region that shows its parts together: while any part inside it still reads its first answer
 * (a panel's data, a panel's code), the region keeps its place but is not drawn, and a spinner
 * says it is loading; when the last part has arrived everything appears at once, so nothing moves
 * under the pointer as parts fill in one after another (issue 26). A part that takes too long
 * does not hide the others: after `patience` the region shows what it has.
 */

interface Pending {
  /** A part starts its first read; the function returned says it arrived. */
  hold: () => () => void;
}

const HoldStillContext = createContext<Pending | null>(null);

/** How long a region waits for its slowest part before it shows what it has. */
const PATIENCE_MS = 10_000;

export function HoldStill({ children, patience = PATIENCE_MS }: { children: ReactNode; patience?: number }) {
  // Counted outside React's state: the parts' layout effects run before the region's own, in the
  // same commit, and the region must see them all before it decides to show itself.
  const pending = useRef(0);
  const [shown, setShown] = useState(false);
  const hold = useCallback(() => {
    pending.current += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      pending.current -= 1;
      // A part that arrives ends the wait when it was the last (a part that follows it in the same
      // commit, a panel after its code, has already said it waits: it runs first).
      if (pending.current === 0) queueMicrotask(() => pending.current === 0 && setShown(true));
    };
  }, []);
  const value = useMemo(() => ({ hold }), [hold]);
  // Once shown, a region stays shown: a part read again later has its own spinner in place.
  useLayoutEffect(() => {
    if (pending.current === 0) setShown(true);
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), patience);
    return () => clearTimeout(timer);
  }, [patience]);
  return (
    <HoldStillContext.Provider value={value}>
      {shown ? null : <Spinner label={t.app.loading} />}
      <div className={shown ? undefined : 'invisible'} aria-busy={!shown}>
        {children}
      </div>
    </HoldStillContext.Provider>
  );
}

/** Holds the enclosing region back while `waiting` (a part's first read); outside a region, nothing. */
export function useHoldStill(waiting: boolean) {
  const region = useContext(HoldStillContext);
  // Before the browser paints: the region is hidden in the same frame the part appears.
  useLayoutEffect(() => (region && waiting ? region.hold() : undefined), [region, waiting]);
}

/** A part whose code is still on its way (a Suspense fallback inside a region). */
export function HoldStillPending() {
  useHoldStill(true);
  return <Spinner label={t.app.loading} />;
}
