import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { gridSwitchMachine, type GridSwitchEvent } from '@/machines/ui/grid-switch.machine';
import { invokingTestModel } from '../support/invoking-model';
import { deferred, flush, type Deferred } from '../support/fakes';
import { describePath, itCoversTheChart } from '../support/machine-coverage';

type Snap = SnapshotFrom<typeof gridSwitchMachine>;

/** The grid's component and its handle, as the host's loader and grid give them: opaque to the chart. */
const GRID = { component: 'AgGrid' };
const API = { handle: 'GridApi' };
const CELL = { rowIndex: 3, colIndex: 2 };
const SCROLL = { top: 108, left: 240 };

/**
 * The chart with a loader the test answers, heard as DataGrid hears it: the CSV exports it emits
 * (with the handle given), and each time it asks for the carry-over (enters `swapped.carrying`).
 * What the test sent is counted: the asks for CSV, the light table's last reports.
 */
function createSut() {
  const loads: Deferred<unknown>[] = [];
  const actor = createActor(
    gridSwitchMachine.provide({
      actors: {
        loadGrid: fromPromise(() => {
          const load = deferred<unknown>();
          loads.push(load);
          return load.promise;
        }),
      },
    }),
  );
  const exports: unknown[] = [];
  actor.on('csv.export', ({ api }) => exports.push(api));
  const carries = { count: 0, asking: false };
  actor.subscribe((s) => {
    const asking = s.matches({ grid: { swapped: 'carrying' } });
    if (asking && !carries.asking) carries.count++;
    carries.asking = asking;
  });
  actor.start();
  const sent = { csv: 0, cell: { rowIndex: 0, colIndex: 0 }, inside: false, scroll: { top: 0, left: 0 }, detail: false };
  const open = () => loads.filter((l) => !l.settled);
  return { actor, loads, open, exports, carries, sent };
}
type Sut = ReturnType<typeof createSut>;

/** The person's events, the light table's reports, the loader's answers and the grid's ready, as the chart hears them. */
const events = [
  { type: 'grid.wanted' },
  { type: 'press.start' },
  { type: 'press.end' },
  { type: 'csv.asked' },
  { type: 'xstate.done.actor.load', output: GRID },
  { type: 'xstate.error.actor.load', error: new Error('Failed to fetch dynamically imported module') },
  { type: 'grid.ready', api: API },
  { type: 'grid.carriedOver' },
  { type: 'cell.focused', cell: CELL },
  { type: 'focus.inside', inside: true },
  { type: 'focus.inside', inside: false },
  { type: 'table.scrolled', scroll: SCROLL },
  { type: 'details.changed', open: true },
  { type: 'details.changed', open: false },
] as unknown as GridSwitchEvent[];

function executors(sut: Sut) {
  const latest = () => {
    const open = sut.open();
    if (open.length !== 1) throw new Error(`${open.length} loads in progress`);
    return open[0]!;
  };
  // Each step: the real actor is where the model says.
  const step = (run: (event: EventObject & Record<string, unknown>) => void) => async ({ event, state }: { event: EventObject; state: Snap }) => {
    run(event as EventObject & Record<string, unknown>);
    await flush();
    expect(sut.actor.getSnapshot().value).toEqual(state.value);
  };
  const send = step((event) => sut.actor.send(event as GridSwitchEvent));
  return {
    'grid.wanted': send,
    'press.start': send,
    'press.end': send,
    'csv.asked': step((event) => {
      sut.sent.csv++;
      sut.actor.send(event as GridSwitchEvent);
    }),
    'xstate.done.actor.load': step((event) => latest().resolve(event.output)),
    'xstate.error.actor.load': step((event) => latest().reject(event.error)),
    'grid.ready': send,
    'grid.carriedOver': send,
    'cell.focused': step((event) => {
      sut.sent.cell = event.cell as typeof CELL;
      sut.actor.send(event as GridSwitchEvent);
    }),
    'focus.inside': step((event) => {
      sut.sent.inside = event.inside as boolean;
      sut.actor.send(event as GridSwitchEvent);
    }),
    'table.scrolled': step((event) => {
      sut.sent.scroll = event.scroll as typeof SCROLL;
      sut.actor.send(event as GridSwitchEvent);
    }),
    'details.changed': step((event) => {
      sut.sent.detail = event.open as boolean;
      sut.actor.send(event as GridSwitchEvent);
    }),
  };
}

function assertions(sut: Sut) {
  const snap = () => sut.actor.getSnapshot();
  return {
    '#gridSwitch': () => {
      // What the light table reported is what the carry-over reads.
      expect(snap().context.focused).toEqual(sut.sent.cell);
      expect(snap().context.focusInside).toBe(sut.sent.inside);
      expect(snap().context.scroll).toEqual(sut.sent.scroll);
      expect(snap().context.detailOpen).toBe(sut.sent.detail);
      // Every export is the ready grid's; none is made twice for one ask.
      expect(sut.exports.every((api) => api === API)).toBe(true);
      expect(sut.exports.length).toBeLessThanOrEqual(sut.sent.csv);
      // The carry-over is asked for at most once.
      expect(sut.carries.count).toBeLessThanOrEqual(1);
    },
    'grid.light': () => {
      // The light table alone: no grid drawn, nothing loading (a failed load asks again on the next wish).
      expect(snap().context.grid).toBeNull();
      expect(snap().children).toEqual({});
      expect(sut.open()).toHaveLength(0);
    },
    'grid.loading': () => {
      expect(Object.keys(snap().children)).toEqual(['load']);
      expect(sut.open()).toHaveLength(1);
      expect(snap().context.grid).toBeNull();
    },
    'grid.hidden': () => {
      // Drawn hidden under the light table, not ready: nothing exported, nothing carried.
      expect(snap().context.grid).toBe(GRID);
      expect(snap().context.api).toBeNull();
      expect(sut.exports).toHaveLength(0);
    },
    'grid.held': () => {
      // Ready, but a press or an opened detail keeps the light table.
      expect(snap().context.api).toBe(API);
      expect(snap().matches({ press: 'pressed' }) || sut.sent.detail).toBe(true);
      expect(sut.carries.count).toBe(0);
    },
    'grid.swapped': () => {
      expect(snap().context.api).toBe(API);
      // Never over an opened detail: it was closed first, or opened only after the swap.
      expect(snap().matches({ press: 'free' })).toBe(true);
      expect(sut.carries.count).toBe(1);
    },
    'grid.swapped.carrying': () => expect(sut.carries.asking).toBe(true),
    'grid.swapped.carried': () => expect(sut.carries.asking).toBe(false),
    'press.pressed': () => {
      // A press only counts before the swap.
      expect(snap().matches({ grid: 'swapped' })).toBe(false);
    },
    'csv.remembered': () => {
      expect(snap().context.api).toBeNull();
      expect(sut.exports).toHaveLength(0);
      expect(sut.sent.csv).toBeGreaterThan(0);
    },
    'csv.idle': () => {
      // Nothing owed: asked with the grid ready, it has exported; never asked, nothing.
      if (sut.sent.csv === 0 || snap().context.api === null) expect(sut.exports).toHaveLength(0);
      else expect(sut.exports.length).toBeGreaterThan(0);
      if (snap().context.api === null) expect(sut.sent.csv).toBe(0);
    },
  };
}

const byTransition = (s: Snap, e: EventObject | undefined, p?: Snap) => `${JSON.stringify(s.value)}|${e ? JSON.stringify(e) : ''}|${p ? JSON.stringify(p.value) : ''}`;

describe('the grid switch (light table → AG Grid), model-based', () => {
  const model = invokingTestModel(gridSwitchMachine, {
    events,
    serializeState: byTransition,
    // The grid says it is ready only once drawn; the carry-over is the host's answer to `carrying`.
    filterEvents: (state, event) => event.type !== 'grid.ready' || state.context.grid !== null,
  });
  const paths = model.getShortestPaths();

  itCoversTheChart('gridSwitch', gridSwitchMachine, paths);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_d, path) => {
    const sut = createSut();
    await path.test({ states: assertions(sut), events: executors(sut) as never });
  });
});

describe('the grid switch, by example', () => {
  const load = async (sut: Sut) => {
    sut.loads.at(-1)!.resolve(GRID);
    await flush();
  };
  const value = (sut: Sut) => sut.actor.getSnapshot().value;

  it('a press held while the grid gets ready keeps the light table until it is let go, then swaps once', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'press.start' });
    await load(sut);
    sut.actor.send({ type: 'grid.ready', api: API });
    expect(value(sut)).toMatchObject({ grid: 'held', press: 'pressed' });
    sut.actor.send({ type: 'press.end' });
    expect(value(sut)).toMatchObject({ grid: { swapped: 'carrying' }, press: 'free' });
    sut.actor.send({ type: 'grid.carriedOver' });
    // After the swap a press holds nothing and a second ready (AG Grid's first data after an empty page) changes nothing.
    sut.actor.send({ type: 'press.start' });
    sut.actor.send({ type: 'grid.ready', api: { handle: 'another' } });
    sut.actor.send({ type: 'press.end' });
    expect(value(sut)).toMatchObject({ grid: { swapped: 'carried' }, press: 'free' });
    expect(sut.carries.count).toBe(1);
    expect(sut.loads).toHaveLength(1);
  });

  it('an opened detail keeps the light table until it is closed and no press holds it; opened after the swap it changes nothing', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'details.changed', open: true });
    sut.actor.send({ type: 'grid.wanted' });
    await load(sut);
    sut.actor.send({ type: 'grid.ready', api: API });
    expect(value(sut)).toMatchObject({ grid: 'held', press: 'free' });
    sut.actor.send({ type: 'press.start' });
    sut.actor.send({ type: 'details.changed', open: false });
    expect(value(sut)).toMatchObject({ grid: 'held', press: 'pressed' });
    sut.actor.send({ type: 'press.end' });
    expect(value(sut)).toMatchObject({ grid: { swapped: 'carrying' }, press: 'free' });
    sut.actor.send({ type: 'grid.carriedOver' });
    sut.actor.send({ type: 'details.changed', open: true });
    expect(value(sut)).toMatchObject({ grid: { swapped: 'carried' } });
    expect(sut.carries.count).toBe(1);
  });

  it('without a press the grid takes over as soon as it is ready; wishes while it loads load nothing more', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'grid.wanted' });
    sut.actor.send({ type: 'grid.wanted' });
    sut.actor.send({ type: 'press.start' });
    sut.actor.send({ type: 'press.end' });
    expect(sut.loads).toHaveLength(1);
    await load(sut);
    expect(value(sut)).toMatchObject({ grid: 'hidden' });
    sut.actor.send({ type: 'grid.ready', api: API });
    expect(value(sut)).toMatchObject({ grid: { swapped: 'carrying' } });
  });

  it("'Exportar CSV' before the grid is ready loads it and exports once it is ready, even under a press; after, at once", async () => {
    const sut = createSut();
    sut.actor.send({ type: 'csv.asked' });
    sut.actor.send({ type: 'csv.asked' });
    expect(value(sut)).toMatchObject({ grid: 'loading', csv: 'remembered' });
    await load(sut);
    sut.actor.send({ type: 'press.start' });
    expect(sut.exports).toEqual([]);
    sut.actor.send({ type: 'grid.ready', api: API });
    expect(value(sut)).toMatchObject({ grid: 'held', csv: 'idle' });
    expect(sut.exports).toEqual([API]);
    sut.actor.send({ type: 'csv.asked' });
    expect(sut.exports).toEqual([API, API]);
  });

  it('a load that fails leaves the light table, and the next wish asks again', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'grid.wanted' });
    sut.loads[0]!.reject(new Error('Failed to fetch dynamically imported module'));
    await flush();
    expect(value(sut)).toMatchObject({ grid: 'light' });
    sut.actor.send({ type: 'grid.wanted' });
    expect(sut.loads).toHaveLength(2);
    await load(sut);
    expect(value(sut)).toMatchObject({ grid: 'hidden' });
  });
});
