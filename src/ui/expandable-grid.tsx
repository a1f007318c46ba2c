import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { DataGrid, type Column } from './data-grid';
import { Spinner } from './spinner';
import { t } from '@/i18n';

/** A list row, or the detail opened under it. */
export type ExpandableRow<T> = { kind: 'row' | 'detail'; row: T };

export interface ExpandableGridProps<T> {
  label: string;
  rows: T[];
  /** The columns, reading the row (a detail row spans the width). */
  columns: Column<ExpandableRow<T>>[];
  idOf: (row: T) => number | string;
  /** The toggle's accessible name ("Ver detalle 123"). */
  toggleLabel: (row: T, expanded: boolean) => string;
  csvName: string;
  detail: (row: T) => ReactNode;
  detailHeight: number;
  /** Opens a list row (DataGrid's double-click or Enter; never its detail). */
  onRowOpen?: (row: T) => void;
}

/**
 * A list whose rows open in place (an accordion): the row keeps its place, its detail is drawn
 * across the width under it and loads when first opened (the detail's own tabs decide what).
 */
export function ExpandableGrid<T>({ label, rows, columns, idOf, toggleLabel, csvName, detail, detailHeight, onRowOpen }: ExpandableGridProps<T>) {
  const [open, setOpen] = useState<ReadonlySet<number | string>>(new Set());
  const toggle = (id: number | string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const gridRows = useMemo<ExpandableRow<T>[]>(
    () => rows.flatMap((row) => [{ kind: 'row' as const, row }, ...(open.has(idOf(row)) ? [{ kind: 'detail' as const, row }] : [])]),
    [rows, open, idOf],
  );
  const withToggle = useMemo<Column<ExpandableRow<T>>[]>(
    () => [
      {
        headerName: '',
        colId: 'expand',
        width: 56,
        minWidth: 56,
        cellRenderer: (p: { data: ExpandableRow<T> }) => {
          const expanded = open.has(idOf(p.data.row));
          return (
            <button
              type="button"
              aria-expanded={expanded}
              aria-label={toggleLabel(p.data.row, expanded)}
              onClick={() => toggle(idOf(p.data.row))}
              className="rounded px-1.5 text-slate-600 hover:bg-slate-200"
            >
              {expanded ? '▾' : '▸'}
            </button>
          );
        },
      },
      ...columns,
    ],
    [open, columns, idOf, toggleLabel],
  );
  return (
    <DataGrid<ExpandableRow<T>>
      label={label}
      rows={gridRows}
      columns={withToggle}
      getRowId={(r) => `${r.kind}-${idOf(r.row)}`}
      csvName={csvName}
      isFullWidth={(r) => r.kind === 'detail'}
      fullWidthRenderer={({ data }) => detail(data.row)}
      fullWidthHeight={detailHeight}
      onRowOpen={onRowOpen ? (r) => r.kind === 'row' && onRowOpen(r.row) : undefined}
    />
  );
}

/** An opened row's frame: scrolled inside the row, with a spinner while its (lazy) detail loads. */
export function DetailFrame({ children }: { children: ReactNode }) {
  return (
    <div className="h-full overflow-y-auto bg-slate-50 px-6 py-3 text-sm">
      <Suspense fallback={<Spinner label={t.app.loading} />}>{children}</Suspense>
    </div>
  );
}
export type { Column } from './data-grid';
