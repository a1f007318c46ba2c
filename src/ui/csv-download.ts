import { CSV_TYPE, csvFile } from '@/domain/csv';
import type { TableColumn } from './detail-table';

/** The table as a CSV file the browser saves (the same cells the screen shows, as text). */
export function downloadCsv<T>(fileName: string, rows: readonly T[], table: readonly TableColumn<T>[], cell: (row: T, index: number) => string | number) {
  const csv = csvFile([table.map((c) => c.header), ...rows.map((r) => table.map((_c, i) => cell(r, i)))]);
  saveFile(fileName, new Blob([csv], { type: CSV_TYPE }));
}

/** Saves a file the console has (a CSV it wrote, one the server exported) as the browser's download. */
export function saveFile(fileName: string, file: Blob) {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}
