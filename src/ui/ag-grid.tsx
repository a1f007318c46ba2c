import { AgGridReact } from 'ag-grid-react';
import {
  ClientSideRowModelModule,
  CsvExportModule,
  ModuleRegistry,
  CellStyleModule,
  RowStyleModule,
  ScrollApiModule,
  themeQuartz,
  type GetRowIdParams,
  type GridApi,
  type CellKeyDownEvent,
  type RowDoubleClickedEvent,
  type IsFullWidthRowParams,
  type RowClassParams,
} from 'ag-grid-community';
import { DEFAULT_COL_DEF, GRID_LOOK, onControl, opensRow, type TableModel } from './light-table';

// Only the modules the lists use: keyboard navigation and column resizing are in the core; the
// grid never shows its own overlays (the search layout says "No se encontró ningún registro.").
// ScrollApi: the grid takes over the light table's scroll position (ensureIndexVisible).
ModuleRegistry.registerModules([ClientSideRowModelModule, CsvExportModule, CellStyleModule, RowStyleModule, ScrollApiModule]);

const theme = themeQuartz.withParams({ ...GRID_LOOK, fontFamily: 'inherit', headerFontWeight: 600, accentColor: '#1f5cc7' });

export interface AgGridProps<T> extends TableModel<T> {
  /** Called once the grid has drawn its rows: it can take the light table's place. */
  onReady: (api: GridApi<T>) => void;
}

/**
 * AG Grid with the lists' setup (issue 41 §2: a module of its own, loaded by DataGrid when the grid
 * is needed, so no list's first load carries it).
 */
export function AgGrid<T>({ rows, columns, getRowId, onRowOpen, rowClass, isFullWidth, fullWidthRenderer, fullWidthHeight, onReady }: AgGridProps<T>) {
  return (
    <AgGridReact<T>
      theme={theme}
      rowData={rows}
      columnDefs={columns}
      defaultColDef={DEFAULT_COL_DEF}
      getRowId={(p: GetRowIdParams<T>) => getRowId(p.data)}
      onRowDoubleClicked={(e: RowDoubleClickedEvent<T>) => e.data && !isFullWidth?.(e.data) && !onControl(e.event?.target) && onRowOpen?.(e.data)}
      onCellKeyDown={(e: CellKeyDownEvent<T>) => {
        const key = e.event as KeyboardEvent | null | undefined;
        // Enter on the focused cell itself (the grid's cell element), not on a link or button in it.
        if (!key || !e.data || isFullWidth?.(e.data) || !onRowOpen) return;
        const cell = key.target instanceof Element ? key.target.closest('[role="gridcell"]') : null;
        if (opensRow(key, cell)) onRowOpen(e.data);
      }}
      getRowClass={rowClass ? (p: RowClassParams<T>) => (p.data ? rowClass(p.data) : undefined) : undefined}
      isFullWidthRow={isFullWidth ? (p: IsFullWidthRowParams<T>) => Boolean(p.rowNode.data && isFullWidth(p.rowNode.data)) : undefined}
      fullWidthCellRenderer={fullWidthRenderer}
      getRowHeight={isFullWidth ? (p) => (p.data && isFullWidth(p.data) ? fullWidthHeight : undefined) : undefined}
      onFirstDataRendered={(e) => onReady(e.api)}
      onGridReady={(e) => rows.length === 0 && onReady(e.api)}
      suppressCellFocus={false}
      enableCellTextSelection
      ensureDomOrder
    />
  );
}
