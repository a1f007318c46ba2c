import { and, assign, emit, fromPromise, not, or, setup, stateIn } from 'xstate';

/**
 * A list's switch from the light table to AG Grid (issue 41 §2; src/ui/data-grid.tsx draws it).
 * Three regions side by side:
 * - `grid`: `light` (the light table alone: the grid is not wanted) → `loading` (the grid's code:
 *   the invoked `loadGrid`, which the host provides; it resolves to the grid's component) →
 *   `hidden` (the grid drawn hidden in the same box until it says `grid.ready` with its handle) →
 *   `swapped` (the grid in the light table's place). What wants the grid: the pointer entering the
 *   list or focus entering it (`grid.wanted`), a press in it, 'Exportar CSV'. A grid ready under a
 *   press waits in `held`: the press keeps the light table until it is let go (the click is the
 *   light table's; the grid would get half of it), and so does an opened row's detail
 *   (`details.changed`): the person is working in it, and the grid's copy of it would start again
 *   (its first tab, its reads). On the swap the host carries the light table's
 *   focused cell and scroll over to the grid (`swapped.carrying`) and says `grid.carriedOver`:
 *   once, the chart never enters `carrying` again. A load that fails leaves the light table; the
 *   next wish asks again.
 * - `press`: `pressed` from the pointer down on the list until it is up, cancelled or gone
 *   (`press.end`); once swapped a press keeps nothing.
 * - `csv`: 'Exportar CSV' (`csv.asked`) with the grid ready emits `csv.export` with its handle at
 *   once; before, it is `remembered` and emitted when the grid is ready (drawn hidden or shown).
 * The context keeps what the light table reports (its focused cell, whether focus is in it, its
 * scroll) for the carry-over; the grid's component and handle are the host's, opaque here.
 */

/** Where the keyboard stands in the light table: a data row's index in the rows and a column's index. */
export interface CellPosition {
  rowIndex: number;
  colIndex: number;
}

export interface TableScroll {
  top: number;
  left: number;
}

export interface GridSwitchContext {
  /** The grid's component, once its code has arrived (null before). */
  grid: unknown;
  /** The grid's handle, once it has drawn its rows (null before). */
  api: unknown;
  focused: CellPosition;
  focusInside: boolean;
  scroll: TableScroll;
  /** A row of the light table is opened (its detail drawn across the width). */
  detailOpen: boolean;
}

export type GridSwitchEvent =
  /** The pointer entered the list, or focus did. */
  | { type: 'grid.wanted' }
  /** The pointer went down on the list… */
  | { type: 'press.start' }
  /** …and up, cancelled, or left the list. */
  | { type: 'press.end' }
  /** 'Exportar CSV'. */
  | { type: 'csv.asked' }
  /** The grid has drawn its rows (hidden under the light table). */
  | { type: 'grid.ready'; api: unknown }
  /** The host has carried the focused cell and the scroll over to the grid. */
  | { type: 'grid.carriedOver' }
  | { type: 'cell.focused'; cell: CellPosition }
  | { type: 'focus.inside'; inside: boolean }
  /** A row's detail was opened or the last one closed. */
  | { type: 'details.changed'; open: boolean }
  | { type: 'table.scrolled'; scroll: TableScroll };

/** The grid exports the rows shown: the host calls the handle's CSV export. */
export type GridSwitchEmitted = { type: 'csv.export'; api: unknown };

export const gridSwitchMachine = setup({
  types: { context: {} as GridSwitchContext, events: {} as GridSwitchEvent, emitted: {} as GridSwitchEmitted },
  actors: {
    loadGrid: fromPromise<unknown>(() => Promise.reject(new Error('loadGrid is provided by the host'))),
  },
  actions: {
    keepApi: assign({ api: ({ event }) => (event.type === 'grid.ready' ? event.api : null) }),
    exportCsv: emit((_, params: { api: unknown }) => ({ type: 'csv.export' as const, api: params.api })),
  },
  guards: {
    pressed: stateIn({ press: 'pressed' }),
    swapped: stateIn({ grid: 'swapped' }),
    ready: ({ context }) => context.api !== null,
    /** An opened detail keeps the light table (work in progress). */
    mustWait: ({ context }) => context.detailOpen,
  },
}).createMachine({
  id: 'gridSwitch',
  type: 'parallel',
  context: { grid: null, api: null, focused: { rowIndex: 0, colIndex: 0 }, focusInside: false, scroll: { top: 0, left: 0 }, detailOpen: false },
  on: {
    'cell.focused': { actions: assign({ focused: ({ event }) => event.cell }) },
    'focus.inside': { actions: assign({ focusInside: ({ event }) => event.inside }) },
    'table.scrolled': { actions: assign({ scroll: ({ event }) => event.scroll }) },
    'details.changed': { actions: assign({ detailOpen: ({ event }) => event.open }) },
  },
  states: {
    grid: {
      initial: 'light',
      states: {
        light: { on: { 'grid.wanted': { target: 'loading' }, 'press.start': { target: 'loading' }, 'csv.asked': { target: 'loading' } } },
        loading: {
          invoke: {
            id: 'load',
            src: 'loadGrid',
            onDone: { target: 'hidden', actions: assign({ grid: ({ event }) => event.output }) },
            onError: { target: 'light' },
          },
        },
        hidden: {
          on: {
            'grid.ready': [
              { guard: or(['pressed', 'mustWait']), target: 'held', actions: 'keepApi' },
              { target: 'swapped', actions: 'keepApi' },
            ],
          },
        },
        // Until the press is let go and no detail is open.
        held: { always: { guard: and([not('pressed'), not('mustWait')]), target: 'swapped' } },
        swapped: {
          initial: 'carrying',
          states: {
            carrying: { on: { 'grid.carriedOver': { target: 'carried' } } },
            carried: {},
          },
        },
      },
    },
    press: {
      initial: 'free',
      states: {
        free: { on: { 'press.start': { guard: not('swapped'), target: 'pressed' } } },
        pressed: { on: { 'press.end': { target: 'free' } } },
      },
    },
    csv: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'csv.asked': [{ guard: 'ready', actions: { type: 'exportCsv', params: ({ context }) => ({ api: context.api }) } }, { target: 'remembered' }],
          },
        },
        remembered: { on: { 'grid.ready': { target: 'idle', actions: { type: 'exportCsv', params: ({ event }) => ({ api: event.api }) } } } },
      },
    },
  },
});
