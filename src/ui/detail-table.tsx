import type { ReactNode } from 'react';
import { Pager } from './pager';

/** The small read-only tables and field lists of the detail views: plain HTML, no grid library. */

export interface TableColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

export interface SimpleTableProps<T> {
  /** The table's accessible name (and the scroll region's). */
  label: string;
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  rowKey: (row: T, index: number) => string | number;
  /** Shown instead of an empty table. */
  empty: string;
}

export function SimpleTable<T>({ label, rows, columns, rowKey, empty }: SimpleTableProps<T>) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    // Wider than its card, it scrolls inside it, with a shade on the side that has more (scroll-cue,
    // src/index.css); focusable so keyboard users can scroll it. Headers wrap before it has to scroll.
    <div className="scroll-cue rounded-md ring-1 ring-slate-200">
      <div role="region" aria-label={label} tabIndex={0} className="scroll-cue-port overflow-x-auto rounded-md">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-slate-50">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className="px-3 py-2 text-left text-xs font-semibold text-slate-700">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((c) => (
                  <td key={c.header} className={`px-3 py-2 align-top text-slate-800 ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** One page of a longer list: the table, and the pager when there is more than one page. */
export function PagedTable<T>({ page, size, total, onPage, ...table }: SimpleTableProps<T> & { page: number; size: number; total: number; onPage: (page: number) => void }) {
  return (
    <>
      <SimpleTable {...table} />
      {total > size ? <Pager page={page} size={size} total={total} onPage={onPage} /> : null}
    </>
  );
}

/** Labelled values of one record. */
export function KeyValues({ items, className = '' }: { items: readonly { label: string; value: ReactNode }[]; className?: string }) {
  return (
    <dl className={`grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-x-4 gap-y-2 text-sm ${className}`}>
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{item.label}</dt>
          <dd className="break-words text-slate-900">{item.value === null || item.value === undefined || item.value === '' ? '—' : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled part of a detail tab. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}
