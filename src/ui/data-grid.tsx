import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useState } from 'react';
import type { ColDef, GridApi } from 'ag-grid-community';
import type { AgGrid } from './ag-grid';
import { Button } from './button';
import { SAFE_GRID_CSV } from './grid-csv';
import { LightTable, columnIds, columnTrack, rowHeights, type CellPosition } from './light-table';
import { listText } from '@/i18n/es-lists';

let gridModule: Promise<typeof AgGrid> | null = null;
/** AG Grid's module, loaded once for every list (issue 41 §2: no list's first load carries it). */
const loadGrid = () => (gridModule ??= import('./ag-grid').then((m) => m.AgGrid));

export type Column<T> = ColDef<T>;

export interface DataGridProps<T> {
  /** What the table lists, for screen readers ("Órdenes"). */
  label: string;
  rows: T[];
  columns: Column<T>[];
  getRowId: (row: T) => string;
  onRowDoubleClicked?: (row: T) => void;
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
 * (never under a press, which may be half of a double click). docs/decisions.md.
 */
export function DataGrid<T>({
  label,
  rows,
  columns,
  getRowId,
  onRowDoubleClicked,
  rowClass,
  csvName,
  isFullWidth,
  fullWidthRenderer,
  fullWidthHeight = 160,
}: DataGridProps<T>) {
  const [Grid, setGrid] = useState<typeof AgGrid | null>(null);
  // The grid once it has drawn its rows (hidden under the light table), and whether it has taken over.
  const [ready, setReady] = useState<GridApi<T> | null>(null);
  const [held, setHeld] = useState(false);
  const swapped = ready !== null && !held;
  const [csvAsked, setCsvAsked] = useState(false);
  // What the switch carries over: the light table's focused cell (and whether focus is in it), its scroll.
  const [focused, setFocused] = useState<CellPosition>({ rowIndex: 0, colIndex: 0 });
  const [focusInside, setFocusInside] = useState(false);
  const [scroll, setScroll] = useState({ top: 0, left: 0 });
  const firstDataRow = rows.findIndex((r) => !isFullWidth?.(r));
  const focusedCell = rows[focused.rowIndex] !== undefined && !isFullWidth?.(rows[focused.rowIndex]!) && focused.colIndex < columns.length ? focused : { rowIndex: Math.max(firstDataRow, 0), colIndex: 0 };
  const ids = useMemo(() => columnIds(columns), [columns]);
  const heights = rowHeights(rows, isFullWidth, fullWidthHeight);

  const want = () => {
    if (!Grid) void loadGrid().then((grid) => setGrid(() => grid));
  };
  const exportCsv = (grid: GridApi<T>) => grid.exportDataAsCsv({ ...SAFE_GRID_CSV, fileName: csvName, shouldRowBeSkipped: (p) => Boolean(p.node.data && isFullWidth?.(p.node.data)) });
  const onReady = (grid: GridApi<T>) => setReady(() => grid);
  // 'Exportar CSV' before the grid was ready: the grid exports once it is (drawn hidden or shown).
  const exportAsked = useEffectEvent((grid: GridApi<T>) => exportCsv(grid));
  useEffect(() => {
    if (!ready || !csvAsked) return;
    setCsvAsked(false);
    exportAsked(ready);
  }, [ready, csvAsked]);
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
  useLayoutEffect(() => {
    if (swapped) carryOver(ready);
  }, [swapped, ready]);

  const model = { label, rows, columns, getRowId, onRowDoubleClicked, rowClass, isFullWidth, fullWidthRenderer, fullWidthHeight };
  // Header, rows, expanded details, and room for a horizontal scrollbar when columns overflow.
  const height = Math.min(660, 40 + 18 + heights.reduce((sum, h) => sum + h, 0));
  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <Button
          variant="secondary"
          onClick={() => {
            if (ready) exportCsv(ready);
            else {
              setCsvAsked(true);
              want();
            }
          }}
        >
          {listText.exportCsv}
        </Button>
      </div>
      {/* The list's region is the table shown: until the switch, the grid drawn under it is no part of it. */}
      <div
        className="relative"
        style={{ height: Math.max(height, 120) }}
        onPointerEnter={want}
        // A press keeps the light table under the pointer until it is let go (the click is the light table's).
        onPointerDown={() => {
          if (swapped) return;
          setHeld(true);
          want();
        }}
        onPointerUp={() => setHeld(false)}
        onPointerCancel={() => setHeld(false)}
        onPointerLeave={() => setHeld(false)}
        onFocus={want}
      >
        {!swapped && (
          <div role="region" aria-label={label} className="h-full">
            <LightTable<T> {...model} focused={focusedCell} onFocusCell={setFocused} onFocusInside={setFocusInside} onScroll={setScroll} />
          </div>
        )}
        {Grid && (
          <div role={swapped ? 'region' : undefined} aria-label={swapped ? label : undefined} aria-hidden={swapped ? undefined : true} className={swapped ? 'h-full' : 'invisible absolute inset-0'}>
            <Grid {...model} onReady={onReady} />
          </div>
        )}
      </div>
    </div>
  );
}
