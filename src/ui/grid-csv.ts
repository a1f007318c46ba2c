import type { CsvExportParams } from 'ag-grid-community';
import { CSV_SEPARATOR, csvCell, type CsvValue } from '@/domain/csv';

/**
 * What every grid's CSV export is given (src/ui/data-grid.tsx): each cell as the grid shows it
 * (the column's formatter applied, as AG Grid exports it without a callback) and each header,
 * through the same rule as every other CSV the console writes (`csvCell`), fields separated as
 * the console's CSV dialect says (`CSV_SEPARATOR`). AG Grid quotes the fields itself, and writes
 * CRLF between records and the UTF-8 BOM first, as the dialect does.
 */
export const SAFE_GRID_CSV = {
  columnSeparator: CSV_SEPARATOR,
  processCellCallback: (p) => csvCell(p.formatValue(p.value) as CsvValue),
  // The header as AG Grid exports it: the column's headerName, even when empty (the row toggle's),
  // else the name the grid makes of the field. (api.getDisplayNameForColumn needs ColumnApiModule.)
  processHeaderCallback: (p) => csvCell(p.column.getColDef().headerName ?? p.column.getDisplayName('csv')),
} as const satisfies Pick<CsvExportParams, 'columnSeparator' | 'processCellCallback' | 'processHeaderCallback'>;
