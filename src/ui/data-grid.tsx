import { useMemo, useRef } from 'react';
import { AgGridReact } from 'ag-grid-react';
import {
  ClientSideRowModelModule,
  CsvExportModule,
  ModuleRegistry,
  CellStyleModule,
  RowStyleModule,
  themeQuartz,
  type ColDef,
  type GetRowIdParams,
  type RowDoubleClickedEvent,
  type IsFullWidthRowParams,
  type RowClassParams,
} from 'ag-grid-community';
import { Button } from './button';
import { SAFE_GRID_CSV } from './grid-csv';
import { listText } from '@/i18n/es-lists';

// Only the modules the lists use: keyboard navigation and column resizing are in the core; the
// grid never shows its own overlays (the search layout says "No se encontró ningún registro.").
ModuleRegistry.registerModules([ClientSideRowModelModule, CsvExportModule, CellStyleModule, RowStyleModule]);

const theme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontWeight: 600,
  headerBackgroundColor: '#f1f5f9',
  rowHeight: 36,
  headerHeight: 38,
  accentColor: '#1f5cc7',
  borderColor: '#e2e8f0',
  wrapperBorderRadius: 8,
});

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
  const grid = useRef<AgGridReact<T>>(null);
  const defaultColDef = useMemo<ColDef<T>>(() => ({ resizable: true, sortable: false, suppressMovable: true, minWidth: 80 }), []);
  // Header, rows, expanded details, and room for a horizontal scrollbar when columns overflow.
  const height = Math.min(660, 40 + 18 + rows.length * 36 + rows.filter((r) => isFullWidth?.(r)).length * (fullWidthHeight - 36));
  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <Button
          variant="secondary"
          onClick={() => grid.current?.api.exportDataAsCsv({ ...SAFE_GRID_CSV, fileName: csvName, shouldRowBeSkipped: (p) => Boolean(p.node.data && isFullWidth?.(p.node.data)) })}
        >
          {listText.exportCsv}
        </Button>
      </div>
      <div role="region" aria-label={label} style={{ height: Math.max(height, 120) }}>
        <AgGridReact<T>
          ref={grid}
          theme={theme}
          rowData={rows}
          columnDefs={columns}
          defaultColDef={defaultColDef}
          getRowId={(p: GetRowIdParams<T>) => getRowId(p.data)}
          onRowDoubleClicked={(e: RowDoubleClickedEvent<T>) => e.data && onRowDoubleClicked?.(e.data)}
          getRowClass={rowClass ? (p: RowClassParams<T>) => (p.data ? rowClass(p.data) : undefined) : undefined}
          isFullWidthRow={isFullWidth ? (p: IsFullWidthRowParams<T>) => Boolean(p.rowNode.data && isFullWidth(p.rowNode.data)) : undefined}
          fullWidthCellRenderer={fullWidthRenderer}
          getRowHeight={isFullWidth ? (p) => (p.data && isFullWidth(p.data) ? fullWidthHeight : undefined) : undefined}
          suppressCellFocus={false}
          enableCellTextSelection
          ensureDomOrder
        />
      </div>
    </div>
  );
}
