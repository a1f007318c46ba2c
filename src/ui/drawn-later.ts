import { startTransition, useEffect, useState } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * What a view draws of a chart it alone reads, each change drawn in a transition of React's.
 *
 * `useSelector` reads a chart through `useSyncExternalStore`, and React draws every change of such a
 * store at once, in one task: when a read brings an order's panel and its tabs, or a queue's page of
 * entries, the whole render blocks the main thread for as long as it takes (on a mid-tier phone,
 * hundreds of milliseconds: issue 41 §3). Drawn in a transition, the same render is done in slices
 * that give the browser its main thread back every few milliseconds; an input arriving meanwhile is
 * handled first and the render picks up the newest state.
 *
 * For a chart no other view reads (a tab's read, a screen's queue): a transition may draw a moment
 * after another view that reads the same chart at once would, which would then show a newer state.
 * A form's chart, whose fields must show each key as it is typed, keeps `useSelector`.
 *
 * `select` and `equal` are read once, with the actor: the view's picture of the chart is fixed for
 * its life, as the actor is. A change that `equal` finds equal draws nothing.
 */
export function useDrawnLater<TActor extends AnyActorRef, T>(actor: TActor, select: (snapshot: SnapshotFrom<TActor>) => T, equal: (a: T, b: T) => boolean = Object.is): T {
  const [picture] = useState(() => ({ select, equal }));
  const [shown, setShown] = useState(() => picture.select(actor.getSnapshot() as SnapshotFrom<TActor>));
  useEffect(() => {
    const show = () => {
      const next = picture.select(actor.getSnapshot() as SnapshotFrom<TActor>);
      startTransition(() => setShown((drawn) => (picture.equal(drawn, next) ? drawn : next)));
    };
    // What changed between the first render and this subscription is drawn too.
    show();
    const subscription = actor.subscribe(show);
    return () => subscription.unsubscribe();
  }, [actor, picture]);
  return shown;
}
