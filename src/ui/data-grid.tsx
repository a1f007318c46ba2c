import { useEffect, useEffectEvent, useLayoutEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import type { ColDef, GridApi } from 'ag-grid-community';
import type { AgGrid, AgGridProps } from './ag-grid';
import { Button } from './button';
import { SAFE_GRID_CSV } from './grid-csv';
import { LightTable, columnIds, columnTrack, rowHeights } from './light-table';
import { gridSwitchMachine } from '@/machines/ui/grid-switch.machine';
import { listText } from '@/i18n/es-lists';

let gridModule: Promise<typeof AgGrid> | null = null;
/** AG Grid's module, loaded once for every list (issue 41 §2: no list's first load carries it). */
const loadGrid = () => (gridModule ??= import('./ag-grid').then((m) => m.AgGrid));
/** The switch from the light table to the grid, loading this module's grid. */
const gridSwitch = gridSwitchMachine.provide({ actors: { loadGrid: fromPromise<unknown>(loadGrid) } });

export type Column<T> = ColDef<T>;

export interface DataGridProps<T> {
  /** What the table lists, for screen readers ("Órdenes"). */
  label: string;
  rows: T[];
  columns: Column<T>[];
  getRowId: (row: T) => string;
  /** Opens a row: a double-click on it (not on a control of its own) or Enter on its focused cell (details drawn across the width never). */
  onRowOpen?: (row: T) => void;
  /** A class for a whole row (highlighted countries). */
  rowClass?: (row: T) => string | undefined;
  /** File name of the CSV export of the rows shown. */
  csvName: string;
  /** Rows drawn across the whole width (an expanded detail). */
  isFullWidth?: (row: T) => boolean;
  fullWidthRenderer?: (props: { data: T }) => React.ReactNode;
  fullWidthHeight?: number;
}

/**
 * The lists' table: AG Grid with keyboard navigation, resizable columns and CSV export of the
 * rows shown (no cell a spreadsheet would run: SAFE_GRID_CSV). Paging is the server's (see
 * Pager), so the grid only ever holds one page.
 *
 * Issue 41 §2: the page is drawn first by the light table from the same columns (LightTable), and
 * AG Grid is loaded and takes over the same box when it is needed: the pointer entering the list,
 * focus entering it, or 'Exportar CSV' (loaded, then exported). The grid is drawn hidden in the same
 * box and replaces the light table once its rows are drawn, keeping the focused cell and the scroll
 * (never under a press, which may be half of a double click). When is the grid-switch chart's
 * (src/machines/ui/grid-switch.machine.ts); this draws its state and does what it asks: the CSV
 * export, the carry-over. docs/decisions.md.
 */
export function DataGrid<T>({
  label,
  rows,
  columns,
  getRowId,
  onRowOpen,
  rowClass,
  csvName,
  isFullWidth,
  fullWidthRenderer,
  fullWidthHeight = 160,
}: DataGridProps<T>) {
  const actor = useActorRef(gridSwitch);
  const Grid = useSelector(actor, (s) => s.context.grid as typeof AgGrid | null);
  const swapped = useSelector(actor, (s) => s.matches({ grid: 'swapped' }));
  const carrying = useSelector(actor, (s) => s.matches({ grid: { swapped: 'carrying' } }));
  // What the switch carries over: the light table's focused cell (and whether focus is in it), its scroll.
  const focused = useSelector(actor, (s) => s.context.focused);
  const focusInside = useSelector(actor, (s) => s.context.focusInside);
  const scroll = useSelector(actor, (s) => s.context.scroll);
  const firstDataRow = rows.findIndex((r) => !isFullWidth?.(r));
  const focusedCell = rows[focused.rowIndex] !== undefined && !isFullWidth?.(rows[focused.rowIndex]!) && focused.colIndex < columns.length ? focused : { rowIndex: Math.max(firstDataRow, 0), colIndex: 0 };
  const ids = useMemo(() => columnIds(columns), [columns]);
  const heights = rowHeights(rows, isFullWidth, fullWidthHeight);
  // An opened row keeps the light table until it is closed (the chart's `held`): its detail is the person's work.
  const detailOpen = rows.some((r) => isFullWidth?.(r) ?? false);
  const dataRows = useMemo(() => (isFullWidth ? rows.filter((r) => !isFullWidth(r)) : rows), [rows, isFullWidth]);
  useEffect(() => {
    actor.send({ type: 'details.changed', open: detailOpen });
  }, [actor, detailOpen]);

  // 'Exportar CSV', at once when the grid is ready, else when it is (drawn hidden or shown): the chart says when.
  const exportCsv = useEffectEvent((grid: GridApi<T>) => grid.exportDataAsCsv({ ...SAFE_GRID_CSV, fileName: csvName, shouldRowBeSkipped: (p) => Boolean(p.node.data && isFullWidth?.(p.node.data)) }));
  useEffect(() => {
    const asked = actor.on('csv.export', ({ api }) => exportCsv(api as GridApi<T>));
    return () => asked.unsubscribe();
  }, [actor]);
  const carryOver = useEffectEvent((grid: GridApi<T>) => {
    // The first row and column the light table showed at its top left: the grid scrolls them there.
    let rowIndex = 0;
    for (let top = 0; rowIndex < rows.length - 1; rowIndex++) {
      top += heights[rowIndex]!;
      if (top > scroll.top) break;
    }
    let colIndex = 0;
    for (let left = 0; colIndex < columns.length - 1; colIndex++) {
      left += columnTrack(columns[colIndex]!).least;
      if (left > scroll.left) break;
    }
    if (scroll.top > 0) grid.ensureIndexVisible(rowIndex, 'top');
    if (scroll.left > 0) grid.ensureColumnVisible(ids[colIndex]!, 'start');
    if (focusInside) grid.setFocusedCell(focusedCell.rowIndex, ids[focusedCell.colIndex]!);
  });
  // In the commit that shows the grid, before the browser paints; once (the chart leaves `carrying`).
  useLayoutEffect(() => {
    if (!carrying) return;
    carryOver(actor.getSnapshot().context.api as GridApi<T>);
    actor.send({ type: 'grid.carriedOver' });
  }, [actor, carrying]);

  const model = { label, rows, columns, getRowId, onRowOpen, rowClass, isFullWidth, fullWidthRenderer, fullWidthHeight };
  // Header, rows, expanded details, and room for a horizontal scrollbar when columns overflow.
  const height = Math.min(660, 40 + 18 + heights.reduce((sum, h) => sum + h, 0));
  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <Button
          variant="secondary"
          onClick={() => actor.send({ type: 'csv.asked' })}
        >
          {listText.exportCsv}
        </Button>
      </div>
      {/* The list's region is the table shown: until the switch, the grid drawn under it is no part of it. */}
      <div
        className="relative"
        style={{ height: Math.max(height, 120) }}
        onPointerEnter={() => actor.send({ type: 'grid.wanted' })}
        // A press keeps the light table under the pointer until it is let go (the click is the light table's).
        onPointerDown={() => actor.send({ type: 'press.start' })}
        onPointerUp={() => actor.send({ type: 'press.end' })}
        onPointerCancel={() => actor.send({ type: 'press.end' })}
        onPointerLeave={() => actor.send({ type: 'press.end' })}
        onFocus={() => actor.send({ type: 'grid.wanted' })}
      >
        {!swapped && (
          <div role="region" aria-label={label} className="h-full">
            <LightTable<T>
              {...model}
              focused={focusedCell}
              onFocusCell={(cell) => actor.send({ type: 'cell.focused', cell })}
              onFocusInside={(inside) => actor.send({ type: 'focus.inside', inside })}
              onScroll={(scroll) => actor.send({ type: 'table.scrolled', scroll })}
            />
          </div>
        )}
        {Grid && (
          <div role={swapped ? 'region' : undefined} aria-label={swapped ? label : undefined} aria-hidden={swapped ? undefined : true} className={swapped ? 'h-full' : 'invisible absolute inset-0'}>
            {/* Hidden, it draws no opened detail: the light table's is the one in use (the swap waits for it to close). */}
            <LoadedGrid<T> grid={Grid} {...model} rows={swapped || !detailOpen ? rows : dataRows} onReady={(api) => actor.send({ type: 'grid.ready', api })} />
          </div>
        )}
      </div>
    </div>
  );
}

/** The grid the switch has loaded (the chart holds its component, the same one from its arrival on), drawn with the list's model. */
function LoadedGrid<T>({ grid: Grid, ...props }: AgGridProps<T> & { grid: typeof AgGrid }) {
  return <Grid {...props} />;
}
