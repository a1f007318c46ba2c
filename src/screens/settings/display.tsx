import type { ICellRendererParams } from 'ag-grid-community';
import type { ReactNode } from 'react';
import type { Column } from '@/ui/data-grid';
import { settingsText } from '@/i18n/es-settings';

/** The column of a row's buttons (an action table's buttons are made small enough for a grid row). */
export function actionsColumn<T>(render: (row: T) => ReactNode, minWidth = 140): Column<T> {
  return {
    headerName: settingsText.actions,
    colId: 'actions',
    resizable: false,
    minWidth,
    cellStyle: { display: 'flex', alignItems: 'center' },
    cellRenderer: (p: ICellRendererParams<T>) => (p.data ? <div className="flex items-center gap-1 px-0.5 [&_button]:px-2! [&_button]:py-0.5! [&_button]:text-xs!">{render(p.data)}</div> : null),
  };
}

/** Small buttons that fit a grid row. */
export const rowButton = 'px-2! py-0.5! text-xs!';
