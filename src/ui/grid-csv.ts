import type { CsvExportParams } from 'ag-grid-community';
import { csvCell, type CsvValue } from '@/domain/csv';

/**
 * What every grid's CSV export is given (src/ui/data-grid.tsx): each cell as the grid shows it
 * (the column's formatter applied, as AG Grid exports it without a callback) and each header,
 * through the same rule as every other CSV the console writes (`csvCell`). AG Grid quotes the
 * fields itself.
 */
export const SAFE_GRID_CSV = {
  processCellCallback: (p) => csvCell(p.formatValue(p.value) as CsvValue),
  processHeaderCallback: (p) => csvCell(p.api.getDisplayNameForColumn(p.column, 'csv')),
} as const satisfies Pick<CsvExportParams, 'processCellCallback' | 'processHeaderCallback'>;
