import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import type { ColDef } from 'ag-grid-community';
// Where the keyboard stands: the grid switch's chart keeps it for the grid taking over.
import type { CellPosition } from '@/machines/ui/grid-switch.machine';

/**
 * What the light table and AG Grid share (issue 41 §2): the grid's look (src/ui/ag-grid.tsx gives
 * it to themeQuartz) and the columns' defaults. Only types come from ag-grid-community here: this
 * module is on the lists' first load, the grid is not.
 */
export const GRID_LOOK = { fontSize: 13, rowHeight: 36, headerHeight: 38, headerBackgroundColor: '#f1f5f9', borderColor: '#e2e8f0', wrapperBorderRadius: 8 } as const;
export const DEFAULT_COL_DEF = { resizable: true, sortable: false, suppressMovable: true, minWidth: 80 } as const satisfies ColDef;
/** Each row's height as the grid draws it (a full-width detail row its own): the light table's, the list's box and the switch's scroll read the same. */
export const rowHeights = <T,>(rows: readonly T[], isFullWidth: ((row: T) => boolean) | undefined, fullWidthHeight: number) =>
  rows.map((row) => (isFullWidth?.(row) ? fullWidthHeight : GRID_LOOK.rowHeight));
/** What the light table draws: more than the list's box ever shows (data-grid.tsx: at most 660 px). */
const SCREENFUL = 720;
/** AG Grid's width of a column that names none. */
const AG_DEFAULT_WIDTH = 200;
/** AG Grid's text colour (themeQuartz's foreground) and its cells' side padding. */
const TEXT_COLOR = '#181d1f';
const CELL_PADDING = 16;

/** The table's rows and columns: what DataGrid gives AG Grid (src/ui/data-grid.tsx). */
export interface TableModel<T> {
  label: string;
  rows: T[];
  columns: ColDef<T>[];
  getRowId: (row: T) => string;
  /** A row opened: double-clicked (not on a control of its own) or Enter on its focused cell. */
  onRowOpen?: ((row: T) => void) | undefined;
  rowClass?: ((row: T) => string | undefined) | undefined;
  isFullWidth?: ((row: T) => boolean) | undefined;
  fullWidthRenderer?: ((props: { data: T }) => ReactNode) | undefined;
  fullWidthHeight: number;
}

/** Whether a double-click landed on a control of the row (a link, a button, a field): that one is the control's, not the row's. */
export const onControl = (target: EventTarget | null | undefined) => target instanceof Element && target.closest('a, button, input, select, textarea, label') !== null;

/** Whether a key opens the row: Enter on the focused cell itself (on a control inside it, Enter is the control's). */
export const opensRow = (event: { key: string; target: EventTarget | null }, cell: EventTarget | null) =>
  event.key === 'Enter' && event.target === cell;

/** The ids AG Grid gives the columns: colId, else field, else a counter over the anonymous ones ("0", "1"…). */
export function columnIds<T>(columns: ColDef<T>[]): string[] {
  let anonymous = 0;
  return columns.map((c) => c.colId ?? (c.field as string | undefined) ?? String(anonymous++));
}

/**
 * A column's track, as AG Grid sizes it: its width (AG Grid's 200 when it names none) within its
 * minWidth and maxWidth; a flex column shares what the fixed ones leave, never under its minWidth.
 */
export function columnTrack<T>(column: ColDef<T>): { track: string; least: number } {
  const min = column.minWidth ?? DEFAULT_COL_DEF.minWidth;
  if (column.flex) return { track: `minmax(${min}px, ${column.flex}fr)`, least: min };
  const width = Math.max(min, Math.min(column.maxWidth ?? Infinity, column.width ?? AG_DEFAULT_WIDTH));
  return { track: `${width}px`, least: width };
}

/** A cell's value as the grid shows it: the valueGetter (else the field), through the valueFormatter. */
export function cellValue<T>(column: ColDef<T>, row: T): unknown {
  const base = { data: row, colDef: column, node: null, column: null, api: null, context: undefined } as never;
  const getter = column.valueGetter;
  const value = typeof getter === 'function' ? getter(base) : column.field ? (row as Record<string, unknown>)[column.field as string] : undefined;
  const formatter = column.valueFormatter;
  return typeof formatter === 'function' ? formatter({ ...(base as object), value } as never) : value;
}

function cellClass<T>(column: ColDef<T>, row: T, value: unknown): string | undefined {
  const given = column.cellClass;
  const classes = typeof given === 'function' ? given({ data: row, value, colDef: column } as never) : given;
  return Array.isArray(classes) ? classes.join(' ') : (classes ?? undefined);
}

function cellStyle<T>(column: ColDef<T>, row: T, value: unknown): CSSProperties | undefined {
  const given = column.cellStyle;
  return (typeof given === 'function' ? given({ data: row, value, colDef: column } as never) : given) as CSSProperties | undefined;
}

const rightAligned = (column: ColDef<unknown>) => column.type === 'rightAligned' || (Array.isArray(column.type) && column.type.includes('rightAligned'));

export interface LightTableProps<T> extends TableModel<T> {
  /** The focused cell, kept by the caller so that the grid taking over focuses the same one. */
  focused: CellPosition;
  onFocusCell: (cell: CellPosition) => void;
  /** Whether focus is in the table, and where it is scrolled: what the grid taking over keeps. */
  onFocusInside: (inside: boolean) => void;
  onScroll: (scroll: { top: number; left: number }) => void;
}

/**
 * The first screenful of a list without AG Grid (issue 41 §2): the rows drawn from the very column
 * definitions the grid gets, in the grid's box, widths, heights, borders and ARIA shape (role grid,
 * rows with aria-rowindex, columnheader and gridcell with aria-colindex and the grid's col-id), one
 * cell in the tab order and the arrow keys, Home and End between cells. It neither sorts nor resizes:
 * AG Grid takes over for that (src/ui/data-grid.tsx).
 */
export function LightTable<T>({ label, rows, columns, getRowId, onRowOpen, rowClass, isFullWidth, fullWidthRenderer, fullWidthHeight, focused, onFocusCell, onFocusInside, onScroll }: LightTableProps<T>) {
  const ids = useMemo(() => columnIds(columns), [columns]);
  const tracks = useMemo(() => columns.map((c) => columnTrack(c)), [columns]);
  const template = tracks.map((t) => t.track).join(' ');
  const least = tracks.reduce((sum, t) => sum + t.least, 0);
  // The first screenful only (the box is at most 660 px high); the rest is room to scroll, which the
  // grid fills when it takes over (scrolling with the wheel or the keyboard brings it).
  const heights = rowHeights(rows, isFullWidth, fullWidthHeight);
  let shown = 0;
  for (let top = 0; shown < rows.length && top < SCREENFUL; shown++) top += heights[shown]!;
  const drawn = rows.slice(0, shown);
  const hidden = heights.slice(shown).reduce((sum, h) => sum + h, 0);
  const dataRows = drawn.map((row, index) => ({ row, index })).filter(({ row }) => !isFullWidth?.(row));
  const cells = useRef(new Map<string, HTMLDivElement>());
  const [moved, setMoved] = useState(false);
  useLayoutEffect(() => {
    if (moved) cells.current.get(`${focused.rowIndex}:${focused.colIndex}`)?.focus();
  }, [focused, moved]);
  // A detail row spans the box's width, not the columns' (as AG Grid's full-width rows do).
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => element.style.setProperty('--light-table-width', `${element.clientWidth}px`));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const move = (event: KeyboardEvent, rowIndex: number, colIndex: number) => {
    const at = dataRows.findIndex((r) => r.index === rowIndex);
    const last = columns.length - 1;
    const to: Record<string, () => CellPosition | null> = {
      ArrowDown: () => (dataRows[at + 1] ? { rowIndex: dataRows[at + 1]!.index, colIndex } : null),
      ArrowUp: () => (at > 0 ? { rowIndex: dataRows[at - 1]!.index, colIndex } : null),
      ArrowRight: () => (colIndex < last ? { rowIndex, colIndex: colIndex + 1 } : null),
      ArrowLeft: () => (colIndex > 0 ? { rowIndex, colIndex: colIndex - 1 } : null),
      Home: () => (event.ctrlKey ? { rowIndex: dataRows[0]!.index, colIndex: 0 } : { rowIndex, colIndex: 0 }),
      End: () => (event.ctrlKey ? { rowIndex: dataRows[dataRows.length - 1]!.index, colIndex: last } : { rowIndex, colIndex: last }),
    };
    if (onRowOpen && opensRow(event, event.currentTarget)) {
      event.preventDefault();
      onRowOpen(drawn[rowIndex]!);
      return;
    }
    if (event.target !== event.currentTarget || !to[event.key]) return;
    event.preventDefault();
    const next = to[event.key]!();
    if (next) {
      setMoved(true);
      onFocusCell(next);
    }
  };

  const rowStyle: CSSProperties = { display: 'grid', gridTemplateColumns: template, height: GRID_LOOK.rowHeight, borderBottom: `1px solid ${GRID_LOOK.borderColor}` };
  return (
    <div
      ref={box}
      role="grid"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      className="h-full overflow-auto bg-white"
      onScroll={(e) => onScroll({ top: e.currentTarget.scrollTop, left: e.currentTarget.scrollLeft })}
      onFocus={() => onFocusInside(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && onFocusInside(false)}
      style={{ '--light-table-border': GRID_LOOK.borderColor, border: `1px solid ${GRID_LOOK.borderColor}`, borderRadius: GRID_LOOK.wrapperBorderRadius, fontSize: GRID_LOOK.fontSize, color: TEXT_COLOR } as CSSProperties}
    >
      <div style={{ minWidth: '100%', width: least }}>
        <div role="rowgroup" className="sticky top-0 z-10" style={{ background: GRID_LOOK.headerBackgroundColor }}>
          <div role="row" aria-rowindex={1} style={{ ...rowStyle, height: GRID_LOOK.headerHeight + 1 }}>
            {columns.map((c, i) => (
              <div
                key={ids[i]}
                role="columnheader"
                col-id={ids[i]}
                aria-colindex={i + 1}
                // The grid's column separators: half the header's height, between the columns.
                className="relative flex items-center overflow-hidden pt-px font-semibold not-first:before:absolute not-first:before:top-1/4 not-first:before:left-0 not-first:before:h-1/2 not-first:before:w-px not-first:before:bg-(--light-table-border)"
                style={{ paddingInline: CELL_PADDING, justifyContent: rightAligned(c as ColDef<unknown>) ? 'flex-end' : undefined }}
              >
                <span className="truncate">{c.headerName ?? ''}</span>
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup">
          {drawn.map((row, rowIndex) => {
            if (isFullWidth?.(row))
              return (
                <div key={getRowId(row)} role="row" aria-rowindex={rowIndex + 2} className="sticky left-0" style={{ height: fullWidthHeight, borderBottom: rowStyle.borderBottom, width: 'var(--light-table-width, 100%)' }}>
                  {fullWidthRenderer?.({ data: row })}
                </div>
              );
            return (
              <div key={getRowId(row)} role="row" aria-rowindex={rowIndex + 2} className={rowClass?.(row)} style={rowStyle} onDoubleClick={(e) => !onControl(e.target) && onRowOpen?.(row)}>
                {columns.map((c, colIndex) => {
                  const value = cellValue(c, row);
                  const Renderer = c.cellRenderer as ((p: { data: T; value: unknown }) => ReactNode) | undefined;
                  const tabbable = focused.rowIndex === rowIndex && focused.colIndex === colIndex;
                  return (
                    <div
                      key={ids[colIndex]}
                      ref={(e) => {
                        if (e) cells.current.set(`${rowIndex}:${colIndex}`, e);
                        else cells.current.delete(`${rowIndex}:${colIndex}`);
                      }}
                      role="gridcell"
                      col-id={ids[colIndex]}
                      aria-colindex={colIndex + 1}
                      tabIndex={tabbable ? 0 : -1}
                      onFocus={(e) => e.target === e.currentTarget && !tabbable && onFocusCell({ rowIndex, colIndex })}
                      onKeyDown={(e) => move(e, rowIndex, colIndex)}
                      className={`truncate focus:outline-2 focus:-outline-offset-2 focus:outline-[#1f5cc7] ${cellClass(c, row, value) ?? ''}`}
                      style={{ paddingInline: CELL_PADDING, lineHeight: `${GRID_LOOK.rowHeight - 3}px`, textAlign: rightAligned(c as ColDef<unknown>) ? 'right' : undefined, ...cellStyle(c, row, value) }}
                    >
                      {Renderer ? <Renderer data={row} value={value} /> : value === null || value === undefined ? '' : String(value as string)}
                    </div>
                  );
                })}
              </div>
            );
          })}
          {hidden > 0 && <div style={{ height: hidden }} />}
        </div>
      </div>
    </div>
  );
}
