import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { holdStillMachine } from '@/machines/ui/hold-still.machine';
import { Spinner } from './spinner';
import { t } from '@/i18n';

/**
 * A region that shows its parts together: while any part inside it still reads its first answer
 * (a panel's data, a panel's code), the region keeps its place but is not drawn, and a spinner
 * says it is loading; when the last part has arrived everything appears at once, so nothing moves
 * under the pointer as parts fill in one after another (issue 26). When it shows itself is the
 * hold-still chart's (src/machines/ui/hold-still.machine.ts: the parts still waiting, the patience).
 */

const HoldStillContext = createContext<ActorRefFrom<typeof holdStillMachine> | null>(null);

export function HoldStill({ children }: { children: ReactNode }) {
  const region = useActorRef(holdStillMachine);
  const shown = useSelector(region, (s) => s.matches('shown'));
  return (
    <HoldStillContext.Provider value={region}>
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
  useLayoutEffect(() => {
    if (!region || !waiting) return undefined;
    region.send({ type: 'part.waiting' });
    return () => region.send({ type: 'part.arrived' });
  }, [region, waiting]);
}

/** A part whose code is still on its way (a Suspense fallback inside a region). */
export function HoldStillPending() {
  useHoldStill(true);
  return <Spinner label={t.app.loading} />;
}
