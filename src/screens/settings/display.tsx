import type { ICellRendererParams } from 'ag-grid-community';
import type { ReactNode } from 'react';
import type { Column } from '@/ui/data-grid';
import { maskCard } from '@/domain/format';
import { settingsText } from '@/i18n/es-settings';

/** Cards show only their first 6 and last 4 digits (spec §5); every other value as stored. */
export function displayValue(type: string, value: string): string {
  return type === 'CARD' ? maskCard(value) : value;
}

/** The column of a row's buttons. */
export function actionsColumn<T>(render: (row: T) => ReactNode, minWidth = 140): Column<T> {
  return {
    headerName: settingsText.actions,
    colId: 'actions',
    resizable: false,
    minWidth,
    cellStyle: { display: 'flex', alignItems: 'center' },
    cellRenderer: (p: ICellRendererParams<T>) => (p.data ? <div className="flex items-center gap-1 px-0.5">{render(p.data)}</div> : null),
  };
}

/** Small buttons that fit a grid row. */
export const rowButton = 'px-2! py-0.5! text-xs!';
