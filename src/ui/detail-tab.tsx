import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { detailTabMachine, type DetailTabInput, type DetailTabRead } from '@/machines/ui/detail-tab.machine';
import type { Reread } from '@/machines/ui/reread';
import { errorMessage } from '@/api/http';
import { Button } from './button';
import { Spinner } from './spinner';
import { useHoldStill } from './hold-still';
import { useDrawnLater } from './drawn-later';
import { t } from '@/i18n';

export type DetailTabState = 'idle' | 'loading' | 'loaded' | 'failed';

/** A read whose failure carries the text to show: a chart shows its actor's error's message. */
export async function said<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    throw new Error(errorMessage(error), { cause: error });
  }
}

/** A chart that says when what a region shows must be read again: it emits `reread` (the work queue's, the order page's live chart). */
export interface Rereads {
  on: (type: Reread['type'], handler: () => void) => { unsubscribe: () => void };
}

const RereadsContext = createContext<Rereads | null>(null);

/**
 * The region whose reads follow `chart`: when it emits `reread`, every tab in the region that has
 * loaded reads again where it is (what it shows stays until the answer), as after an action; a tab
 * not opened yet reads when it is opened. Nothing is remounted, no counter is passed down.
 */
export function RereadRegion({ chart, children }: { chart: Rereads; children: ReactNode }) {
  return <RereadsContext.Provider value={chart}>{children}</RereadsContext.Provider>;
}

/** What a tab's view draws of its chart. */
function viewOf(snapshot: SnapshotFrom<typeof detailTabMachine>) {
  const { data, error, page, query } = snapshot.context;
  return { state: snapshot.value as DetailTabState, data, error, page, query };
}
type TabView = ReturnType<typeof viewOf>;
const sameView = (a: TabView, b: TabView) => a.state === b.state && a.data === b.data && a.error === b.error && a.page === b.page && a.query === b.query;

/**
 * One tab of a detail view on the detail-tab chart: it loads when first selected (or on every
 * selection with `reloadOnSelect`), keeps what it showed while it reloads, and a failure shows the
 * error with a retry. `load` is the chart's invoked read, asked with the tab's page and query from
 * the chart: a new page (`goTo`) or query (`filter`) stops the read on its way and asks again. The
 * read is built once, when the tab's actor starts: what else it reads (an id, the services) is
 * fixed for the component's life (a new entity is a new component). Inside a `RereadRegion`, a
 * loaded tab reads again when the region's chart says so.
 */
export function useDetailTab<T, Q = undefined>(load: (read: DetailTabRead<Q>) => Promise<T>, input: DetailTabInput<Q> = {}) {
  const [logic] = useState(() => detailTabMachine.provide({ actors: { read: fromPromise(({ input: read }) => said(load(read as DetailTabRead<Q>))) } }));
  // The input is read once, when the tab's actor starts.
  const actor = useActorRef(logic, { input });
  // What a read brings is drawn in slices (src/ui/drawn-later.ts): the tab's chart is its own.
  const view = useDrawnLater(actor, viewOf, sameView);
  const { state, error, page } = view;
  const data = view.data as T | null;
  const query = view.query as Q;
  const rereads = useContext(RereadsContext);
  useEffect(() => {
    if (!rereads) return;
    const heard = rereads.on('reread', () => actor.send({ type: 'tab.reload' }));
    return () => heard.unsubscribe();
  }, [rereads, actor]);
  return useMemo(
    () => ({
      actor,
      state,
      data,
      error,
      page,
      query,
      /** The user opened the tab. */
      select: () => actor.send({ type: 'tab.selected' }),
      /** "Reintentar" after a failure. */
      retry: () => actor.send({ type: 'tab.retry' }),
      /** Something it shows may have changed (an action): load again whatever state it is in. */
      refresh: () => actor.send({ type: 'tab.refresh' }),
      /** The pager: read that page. */
      goTo: (next: number) => actor.send({ type: 'page.changed', page: next }),
      /** A new filter: read its first page. */
      filter: (next: Q) => actor.send({ type: 'query.changed', query: next }),
    }),
    [actor, state, data, error, page, query],
  );
}

export type DetailTab<T, Q = undefined> = ReturnType<typeof useDetailTab<T, Q>>;
/** What a view of a tab reads, whatever its query (a tab, or a read of a page's own chart: Supervisión's). */
export type ShownTab<T> = Pick<DetailTab<T>, 'state' | 'data' | 'error' | 'retry'>;

/** A detail view with no tab to select (an item panel): it loads as soon as it is shown. */
export function useShownDetail<T, Q = undefined>(load: (read: DetailTabRead<Q>) => Promise<T>, input: DetailTabInput<Q> = {}) {
  const tab = useDetailTab(load, input);
  const actor = tab.actor;
  useEffect(() => {
    actor.send({ type: 'tab.selected' });
  }, [actor]);
  return tab;
}

/**
 * A detail shown for a query its host holds (a committed search, an item's destination): it loads
 * as soon as it is shown and, when the host holds another query, its chart reads that one (a newer
 * query stops the older read): no remount by a key, no effect of the page's own.
 */
export function useQueriedDetail<T, Q>(load: (read: DetailTabRead<Q>) => Promise<T>, query: Q) {
  const tab = useShownDetail(load, { query });
  const { filter, query: asked } = tab;
  const wanted = JSON.stringify(query);
  useEffect(() => {
    if (JSON.stringify(asked) !== wanted) filter(JSON.parse(wanted) as Q);
  }, [wanted, asked, filter]);
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
