import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { claimActor, workQueueMachine, type ClaimAnswer, type QueueEntry } from '@/machines/ui/work-queue.machine';
import { claimEntry, releaseEntry } from '@/api/queues';
import { ApiError, errorMessage } from '@/api/http';
import type { Claim } from '@/api/contract/queues';
import type { ClaimKind } from '@/domain/queues';
import { formatDateTime } from '@/domain/time';
import { useServices, useSession } from '@/ui/session';
import { useOrderChanges } from '@/ui/live';
import { useHotkeys } from '@/ui/hotkeys';
import { useDrawnLater } from '@/ui/drawn-later';
import { PHONE, useMediaQuery } from '@/ui/media';
import { ActionHostContext } from '@/ui/action-host';
import { FirstGroupKeys } from '@/ui/key-groups';
import { PageHeader } from '@/ui/card';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { said, type Rereads } from '@/ui/detail-tab';
import { queueText } from '@/i18n/es-queues';
import { t } from '@/i18n';
import { bulkText } from '@/i18n/es-bulk';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import { bulkSelectionMachine } from '@/machines/ui/bulk-selection.machine';
import { BulkBar } from './bulk-bar';

/**
 * A work queue screen (issue 14): the waiting entries oldest first on the left, the opened one's
 * panel on the right (the same panel the order page shows), worked from the keyboard. The screen
 * renders the work-queue chart (src/machines/ui/work-queue.machine.ts) and sends it events; the
 * claims (the chart's invoked `claim` actor), their release and the live stream are the chart's
 * effects, provided here.
 */

export interface QueueColumn<TEntry> {
  header: string;
  cell: (entry: TEntry) => ReactNode;
  className?: string;
}

export interface WorkQueueProps<TEntry, Q> {
  title: string;
  kind: ClaimKind;
  /** The first page of the queue with these filters (the chart's query). */
  load: (query: Q) => Promise<{ elements: TEntry[]; totalElements: number }>;
  /** The filters in force: other ones read the queue again. */
  query: Q;
  /** The queue is walked newest first (the list says so to a screen reader). */
  newestFirst?: boolean;
  entryOf: (entry: TEntry) => Omit<QueueEntry, 'row'>;
  claimOf: (entry: TEntry) => Claim | null;
  /** Why a blocked entry cannot be worked ("En revisión de riesgo" by default). */
  blockedText?: (entry: TEntry) => string;
  /** The entry's name in its row's open button ("Item 123"). */
  nameOf: (entry: TEntry) => string;
  /** An entry's name by its key, for a bulk result whose entry may have left the list. */
  keyName: (key: number) => string;
  /** The entry's chart as the read carries it: the bulk bar offers what every chosen entry's chart takes. */
  chartOf: (entry: TEntry) => ChartSnapshot;
  columns: readonly QueueColumn<TEntry>[];
  /**
   * On a phone the list is these cards instead of the table (issue 41 §4: a courier's screen is
   * 380 px wide; the table's columns and the bulk checkboxes do not fit, and are not what a courier
   * works with), and an opened entry takes the whole screen with a way back.
   */
  card: (entry: TEntry) => ReactNode;
  filters?: ReactNode;
  /**
   * Its rows are wider than a laptop's or a desktop's screen (Cola de Remesas): from 1280 to 1536 px
   * each row takes two lines of smaller text, every row as high as the others, so the list fits
   * without a sideways scroll (narrower, it scrolls inside its card as every list does); below 1536 px
   * the opened entry's panel goes under a shorter list instead of beside it.
   */
  twoLines?: boolean;
  /** Told after the person's action on an entry or a bulk decision, once it is done (the risk queue tells the session: its bell reads again). */
  onDecided?: () => void;
  /** The opened entry's panel; `onActed` after an action on it. Its reads inside a `RereadRegion` of `rereads` (the queue's chart) read again when the queue says so. */
  panel: (entry: TEntry, onActed: () => void, rereads: Rereads) => ReactNode;
}


/**
 * The list's pane: its height (shorter while an entry is open under it, so the panel shows), and its
 * share of the row where it sits beside the panel (all of it while nothing is open).
 */
function listFrame(twoLines: boolean, opened: boolean) {
  if (!twoLines) return `h-[65vh] xl:h-[75vh] xl:flex-auto ${opened ? 'xl:grow-0' : ''}`;
  return `${opened ? 'h-[40vh]' : 'h-[65vh]'} 2xl:h-[75vh] 2xl:flex-auto ${opened ? '2xl:grow-0' : ''}`;
}

export function WorkQueue<TEntry, Q>({ title, kind, load, query, newestFirst = false, entryOf, claimOf, blockedText, nameOf, keyName, chartOf, columns, card, filters, twoLines = false, onDecided, panel }: WorkQueueProps<TEntry, Q>) {
  const services = useServices();
  const me = useSession((c) => c.profile?.accountId ?? null);

  // The chart is built once per screen, with its effects: what they read that may change (the filters) is the chart's.
  const [logic] = useState(() => {
    // A claim or a renewal: ours, held by someone else (the 409 names them), or failed with the text to show.
    const request = async (key: number): Promise<ClaimAnswer> => {
      try {
        const claim = await claimEntry(services.orders, { kind, id: key });
        return { granted: true, expiresAt: claim.expiresAt };
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) return { granted: false, message: error.message };
        throw new Error(errorMessage(error), { cause: error });
      }
    };
    const release = (key: number) => void releaseEntry(services.orders, { kind, id: key }).catch(() => undefined);
    return workQueueMachine.provide({
      actions: { release: ({ context }) => release(context.opened!) },
      actors: {
        // The list with the chart's filters; a read the chart moved on from is stopped, never heard.
        load: fromPromise(async ({ input }) => {
          const answer = await said(load(input.query as Q));
          return { entries: answer.elements.map((row) => ({ ...entryOf(row), row })), total: answer.totalElements };
        }),
        // The claim and its renewals; a grant heard after the person left is given back by the actor.
        claim: claimActor({ request, release }),
      },
    });
  });
  const actor = useActorRef(logic, { input: { query } });
  // Its page of entries, the cursor, what is open: drawn in slices (src/ui/drawn-later.ts); the chart is this screen's own.
  const state = useDrawnLater(actor, (s) => s);
  const { entries, total, cursor, opened, current, refusal, error, changedUnderneath, claimedUntil } = state.context;

  const working = state.matches({ entry: 'working' });

  // Bulk decisions (issue 28 §3): the selection chart is told which entries may be chosen (those
  // shown that nothing holds); after each answer the queue reads itself again (the stream does too).
  const bulk = useActorRef(bulkSelectionMachine);
  const chosen = useSelector(bulk, (s) => s.context.selected);
  const wholePage = useSelector(bulk, (s) => s.context.eligible.length > 0 && s.context.selected.length === s.context.eligible.length);
  const choosable = useMemo(() => entries.filter((e) => !e.blocked).map((e) => e.key), [entries]);
  useEffect(() => bulk.send({ type: 'select.shown', keys: choosable }), [bulk, choosable]);
  const applied = useCallback(() => {
    actor.send({ type: 'queue.reload' });
    onDecided?.();
  }, [actor, onDecided]);
  // The page's chartOf reads a field of the row (taken once, as the chart's effects are): the rows decide.
  const [rowChart] = useState(() => chartOf);
  const chartsOf = useMemo(() => {
    const byKey = new Map(entries.map((e) => [e.key, rowChart(e.row as TEntry)]));
    return (keys: readonly number[]) => keys.flatMap((key) => byKey.get(key) ?? []);
  }, [entries, rowChart]);
  // The chart takes only an entry that may be chosen. The entry under the cursor is the chart's now,
  // not the one last drawn: its moves are drawn in slices, and 'j' then 'x' typed quickly can come
  // before the move is on screen.
  const toggleCursor = () => {
    const now = actor.getSnapshot().context;
    const at = now.entries[now.cursor];
    if (at) bulk.send({ type: 'select.toggle', key: at.key });
  };

  // The panel's digit keys load with the queue, before the first entry opens.
  useEffect(() => {
    void import('@/ui/digit-keys');
  }, []);

  // The filters changed: the chart reads again with them (the same ones ask nothing).
  useEffect(() => actor.send({ type: 'queue.filtered', query }), [actor, query]);

  // Leaving the screen frees what was open (a claim still on its way is given back by its actor, stopped with the chart).
  useEffect(
    () => () => {
      const snapshot = actor.getSnapshot();
      if (snapshot.matches({ entry: 'working' }) && snapshot.context.opened !== null) void releaseEntry(services.orders, { kind, id: snapshot.context.opened }).catch(() => undefined);
    },
    [actor, services, kind],
  );

  useOrderChanges((orders) => actor.send({ type: 'queue.changed', orders }));

  useHotkeys([
    { key: 'j', shown: 'j / ↓', label: queueText.keys.next, run: () => actor.send({ type: 'queue.next' }) },
    { key: 'ArrowDown', shown: '↓', label: queueText.keys.next, run: () => actor.send({ type: 'queue.next' }) },
    { key: 'k', shown: 'k / ↑', label: queueText.keys.previous, run: () => actor.send({ type: 'queue.previous' }) },
    { key: 'ArrowUp', shown: '↑', label: queueText.keys.previous, run: () => actor.send({ type: 'queue.previous' }) },
    { key: 'Enter', label: queueText.keys.open, run: () => actor.send({ type: 'queue.open' }) },
    { key: 'Escape', shown: 'Esc', label: queueText.keys.close, run: () => actor.send({ type: 'queue.close' }) },
    { key: 'r', label: queueText.keys.reload, run: () => actor.send({ type: 'queue.reload' }) },
    { key: 'x', label: bulkText.keys.toggle, run: toggleCursor },
  ]);

  const openedEntry = current;
  // A phone: the list as cards, or the opened entry alone, one at a time, each the whole screen.
  const cards = useMediaQuery(PHONE);
  const alone = cards && openedEntry !== null;

  // The highlighted row stays in view as the keys move it, and comes back into view when an entry
  // opened alone is closed (the courier returns to the card they tapped).
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.querySelector<HTMLElement>('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [cursor, alone]);

  // An entry opened alone shows from its way back down: the list that was above it is gone, and the
  // page may still be scrolled where the card was. (Wider, the keys move the list's cursor and the
  // panel stays where it is.)
  const backRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (alone) backRef.current?.scrollIntoView({ block: 'nearest' });
  }, [alone, opened]);
  const heldElsewhere = state.matches({ entry: 'held' });
  const onActed = () => {
    actor.send({ type: 'queue.acted' });
    onDecided?.();
  };
  const panelContext = useMemo(() => ({ acting: () => actor.send({ type: 'queue.acting' }), settled: () => actor.send({ type: 'queue.settled' }) }), [actor]);
  const claimText = (claim: Claim | null) => (claim === null ? '' : claim.holderId === me ? queueText.you : claim.holderName);
  // Who holds an entry (or why it cannot be worked), as its row or its card says it.
  const holderText = (entry: TEntry, blocked: boolean) => (blocked ? (blockedText?.(entry) ?? queueText.blocked) : claimText(claimOf(entry)));
  // The list before it has entries: empty once read, a spinner while it reads (for the table and the cards alike).
  const nothingYet = entries.length > 0 ? null : state.matches({ list: 'ready' }) ? <p className="p-4 text-sm text-slate-600">{queueText.empty}</p> : <Spinner label={t.app.loading} />;

  return (
    <div className="space-y-4">
      {/* The bulk bar beside the count: it keeps its height whether or not something is chosen, and takes no line of its own. */}
      <PageHeader title={title}>
        <div className="flex flex-wrap items-center justify-end gap-x-3">
          <BulkBar selection={bulk} kind={kind} chartsOf={chartsOf} nameOf={keyName} applied={applied} />
          <span className="text-sm text-slate-600">{state.matches({ list: 'loading' }) ? queueText.loadingEntry : queueText.waiting(total)}</span>
        </div>
      </PageHeader>
      {alone ? (
        // The opened entry alone on a phone: the way back to the list (Esc does the same), which frees it.
        <div ref={backRef} className="scroll-mt-4">
          <Button variant="secondary" onClick={() => actor.send({ type: 'queue.close' })}>
            {queueText.back(title)}
          </Button>
        </div>
      ) : null}
      {alone ? null : (
        <>
          {/* The filters, and beside them, while nothing is open, how to open something (there is no empty panel to say it). */}
          <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
            {filters}
            {openedEntry === null ? <p className="ml-auto text-sm text-slate-600">{queueText.choose}</p> : null}
          </div>
          {error ? (
            <div role="alert" className="flex items-center gap-3 rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
              <span>{error}</span>
              <Button variant="secondary" onClick={() => actor.send({ type: 'queue.reload' })}>
                {t.app.retry}
              </Button>
            </div>
          ) : null}
        </>
      )}
      {/* The list and the opened entry's panel share the width by their content: the list as wide as its
          rows (all of it while nothing is open), the panel the rest, at least 34rem; side by side from a
          laptop's width (from 1536 px with two-line rows), one under the other below it. */}
      <div className={`flex flex-col gap-4 ${twoLines ? '2xl:flex-row 2xl:items-start' : 'xl:flex-row xl:items-start'}`}>
        {/* A pane of fixed height: the rows scroll inside it, so nothing under it moves as they arrive;
            narrower than its rows, it scrolls sideways with a shade on the side that has more. */}
        {alone ? null : cards ? (
          // On a phone, cards down the page (the page scrolls, nothing is under them).
          <div ref={list} className="min-w-0">
            {nothingYet ?? (
              <ul aria-label={queueText.listLabel(title, newestFirst)} className="space-y-2">
                {entries.map(({ key, blocked, row }, index) => {
                  const entry = row as TEntry;
                  return (
                    <li
                      key={key}
                      aria-current={index === cursor ? 'true' : undefined}
                      className={`relative space-y-1 rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200 ${index === cursor ? 'ring-2 ring-sky-500' : ''} ${blocked ? 'text-slate-500' : ''}`}
                    >
                      <div className="flex items-baseline justify-between gap-2">
                        {/* The card's button covers the whole card (a tap anywhere opens it); its links lie above it. */}
                        <button type="button" className="font-semibold underline-offset-2 after:absolute after:inset-0 after:content-['']" onClick={() => actor.send({ type: 'queue.open', key })}>
                          {nameOf(entry)}
                        </button>
                        <span className="text-xs">{holderText(entry, blocked)}</span>
                      </div>
                      <div className="[&_a]:relative [&_a]:z-10">{card(entry)}</div>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        ) : (
          <div className={`scroll-cue min-w-0 rounded-lg bg-white shadow-sm ring-1 ring-slate-200 ${listFrame(twoLines, openedEntry !== null)}`}>
            <div ref={list} className="scroll-cue-port h-full overflow-auto rounded-lg">
              {/* The table comes with its rows: its columns take their widths once. */}
              {nothingYet ?? (
                // One line per row: every row is as high as the others.
                <table aria-label={queueText.listLabel(title, newestFirst)} className={`w-full text-left text-sm whitespace-nowrap ${twoLines ? 'xl:text-xs xl:whitespace-normal 2xl:text-sm 2xl:whitespace-nowrap' : ''}`}>
                  <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600">
                    <tr>
                      <th scope="col" className="w-8 px-2 py-2">
                        <input
                          type="checkbox"
                          aria-label={bulkText.selectPage}
                          checked={wholePage}
                          disabled={choosable.length === 0}
                          onChange={() => bulk.send({ type: 'select.page' })}
                        />
                      </th>
                      {columns.map((column) => (
                        <th key={column.header} scope="col" className="px-2 py-2 font-medium">
                          {column.header}
                        </th>
                      ))}
                      <th scope="col" className="px-2 py-2 font-medium">
                        {queueText.columns.holder}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map(({ key, blocked, row }, index) => {
                      const entry = row as TEntry;
                      return (
                        <tr
                          key={key}
                          aria-current={index === cursor ? 'true' : undefined}
                          className={`border-t border-slate-100 ${twoLines ? 'xl:h-[2.75rem] 2xl:h-auto' : ''} ${index === cursor ? 'bg-sky-50 outline-2 -outline-offset-2 outline-sky-500' : ''} ${key === opened ? 'font-semibold' : ''} ${blocked ? 'text-slate-500' : ''}`}
                        >
                          <td className="px-2 py-1.5">
                            <input type="checkbox" aria-label={bulkText.select(nameOf(entry))} checked={chosen.includes(key)} disabled={blocked} onChange={() => bulk.send({ type: 'select.toggle', key })} />
                          </td>
                          {columns.map((column, c) => (
                            <td key={column.header} className={`px-2 py-1.5 ${column.className ?? ''}`}>
                              {c === 0 ? (
                                <button type="button" className="text-left underline-offset-2 hover:underline" aria-label={nameOf(entry)} onClick={() => actor.send({ type: 'queue.open', key })}>
                                  {column.cell(entry)}
                                </button>
                              ) : (
                                column.cell(entry)
                              )}
                            </td>
                          ))}
                          <td className="px-2 py-1.5 text-xs">{holderText(entry, blocked)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </div>
          </div>
        )}
        {openedEntry === null ? null : (
          <section aria-label={title} className={`min-w-0 space-y-3 ${twoLines ? '2xl:flex-[1_0_34rem]' : 'xl:flex-[1_0_34rem]'}`}>
            {heldElsewhere && refusal ? (
              <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
                {refusal}
              </p>
            ) : null}
            {working && claimedUntil ? <p className="text-xs text-slate-600">{queueText.yours(formatDateTime(claimedUntil, 'HH:mm'))}</p> : null}
            {changedUnderneath ? (
              <p role="status" className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-200">
                {queueText.changed}
              </p>
            ) : null}
            {/* Held by someone else: shown, every control disabled. */}
            <fieldset disabled={!working} className="min-w-0">
              <ActionHostContext.Provider value={working ? panelContext : null}>
                {/* The panel's first group of actions (the entry's own) takes the digit keys; j and k stay the list's. */}
                <FirstGroupKeys enabled={working}>{panel(openedEntry.row as TEntry, onActed, actor)}</FirstGroupKeys>
              </ActionHostContext.Provider>
            </fieldset>
          </section>
        )}
      </div>
    </div>
  );
}
