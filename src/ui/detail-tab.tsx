import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { detailTabMachine, type DetailTabInput } from '@/machines/ui/detail-tab.machine';
import { errorMessage } from '@/api/http';
import { Button } from './button';
import { Spinner } from './spinner';
import { useHoldStill } from './hold-still';
import { t } from '@/i18n';

export type DetailTabState = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * One tab of a detail view on the detail-tab chart: it loads when first selected (or on every
 * selection with `reloadOnSelect`), keeps what it showed while it reloads, and a failure shows the
 * error with a retry. The loader may change with the props; the latest one runs.
 */
export function useDetailTab<T>(load: () => Promise<T>, input: DetailTabInput = {}) {
  const loader = useRef(load);
  const reads = useRef(0);
  useEffect(() => {
    loader.current = load;
  });
  const logic = useMemo(
    () =>
      // The ref is read when the chart runs `load` (after an event), never while rendering.
      // eslint-disable-next-line react-hooks/refs
      detailTabMachine.provide({
        actions: {
          load: ({ self }) => {
            // Only the latest read answers: one a reload superseded is dropped.
            const read = ++reads.current;
            loader.current().then(
              (data) => read === reads.current && self.send({ type: 'load.succeeded', data }),
              (error: unknown) => read === reads.current && self.send({ type: 'load.failed', message: errorMessage(error) }),
            );
          },
        },
      }),
    [],
  );
  // The input is read once, when the tab's actor starts.
  const actor = useActorRef(logic, { input });
  const state = useSelector(actor, (s) => s.value as DetailTabState);
  const data = useSelector(actor, (s) => s.context.data as T | null);
  const error = useSelector(actor, (s) => s.context.error);
  return useMemo(
    () => ({
      actor,
      state,
      data,
      error,
      /** The user opened the tab. */
      select: () => actor.send({ type: 'tab.selected' }),
      /** "Reintentar" after a failure. */
      retry: () => actor.send({ type: 'tab.retry' }),
      /** Something it shows may have changed (an action, a new filter): load again whatever state it is in. */
      refresh: () => {
        const now = actor.getSnapshot().value as DetailTabState;
        actor.send({ type: now === 'loaded' || now === 'loading' ? 'tab.reload' : now === 'failed' ? 'tab.retry' : 'tab.selected' });
      },
    }),
    [actor, state, data, error],
  );
}

export type DetailTab<T> = ReturnType<typeof useDetailTab<T>>;
/** What a view of a tab reads, whatever its query (a tab, or a read of a page's own chart: Supervisión's). */
export type ShownTab<T> = Pick<DetailTab<T>, 'state' | 'data' | 'error' | 'retry'>;

/** A detail view with no tab to select (an item panel): it loads as soon as it is shown. */
export function useShownDetail<T>(load: () => Promise<T>) {
  const tab = useDetailTab(load);
  const actor = tab.actor;
  useEffect(() => {
    actor.send({ type: 'tab.selected' });
  }, [actor]);
  return tab;
}

/** After an action: every tab that has loaded loads again; the others load when they are opened. */
export function reloadLoaded(tabs: readonly { actor: DetailTab<unknown>['actor'] }[]) {
  for (const tab of tabs) tab.actor.send({ type: 'tab.reload' });
}

/**
 * Renders a tab's state: a spinner until its first data, then the data (with a quiet spinner
 * while it reloads), or the error with "Reintentar" without reloading the page. A catalogue a
 * form reads names its own failure and wait ("Error buscando las provincias").
 */
export function DetailTabView<T>({ tab, children, failed, loading }: { tab: ShownTab<T>; children: (data: T) => ReactNode; failed?: string; loading?: string }) {
  // Its first read holds the region it is in (src/ui/hold-still.tsx) back until the others arrive.
  useHoldStill(tab.data === null && tab.state !== 'failed');
  if (tab.state === 'failed') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
        <span>{failed ?? tab.error}</span>
        <Button variant="secondary" onClick={tab.retry}>
          {t.app.retry}
        </Button>
      </div>
    );
  }
  if (tab.data === null) return <Spinner label={loading ?? t.app.loading} />;
  return (
    <div aria-busy={tab.state === 'loading'} className="relative space-y-3">
      {/* Read again: the spinner sits over the corner, so what is shown does not move down and back. */}
      {tab.state === 'loading' ? (
        <div className="absolute top-0 right-0 z-10 rounded-md bg-white/90 px-2 py-1">
          <Spinner label={t.app.loading} />
        </div>
      ) : null}
      {children(tab.data)}
    </div>
  );
}
