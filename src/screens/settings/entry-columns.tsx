import { useMemo } from 'react';
import { formatDateTime } from '@/domain/time';
import { entryCaption, shownValue, type ListedValue } from '@/domain/settings-lists';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import type { Lifecycle } from '@/machines/lifecycle/table';
import type { AnyStateMachine } from 'xstate';
import type { EntrySubject } from '@/machines/settings/list-entry';
import type { Column } from '@/ui/data-grid';
import { CellChartActions, enabledRows, snapshotPart } from '@/ui/chart-actions';
import { useActorPermissions } from '@/ui/session';
import { settingsText } from '@/i18n/es-settings';
import { actionsColumn } from './display';

interface Entry extends ListedValue {
  created: string;
  charts?: ChartSnapshot[] | undefined;
}

type EntryLifecycle = Lifecycle<AnyStateMachine, EntrySubject>;

/** A listed value's chart, as the list's read carries it. */
export const entryPart = (lifecycle: EntryLifecycle, row: Entry) => snapshotPart(row.charts, { lifecycle, subject: { type: row.type, value: row.value } });

/** A list without columns of its own. */
const NO_COLUMNS: never[] = [];

/**
 * The columns of a blacklist: value (cards masked), type, created, the list's own columns, and the
 * actions each value's chart offers this staff member ("Eliminar"), in the list's flow (the row
 * leaves the list once removed: CellFlow around the grid hands it to the cells); no actions column
 * when the chart offers nothing on the page. `lifecycle`, `removeFor` and `extra` are fixed per list,
 * so the columns change only when the actions column comes or goes.
 */
export function useEntryColumns<T extends Entry>(
  lifecycle: EntryLifecycle,
  rows: readonly T[],
  removeFor: (caption: string) => string,
  extra: Column<T>[] = NO_COLUMNS,
): Column<T>[] {
  const permissions = useActorPermissions();
  const acting = rows.some((row) => enabledRows(entryPart(lifecycle, row), permissions).length > 0);
  return useMemo<Column<T>[]>(
    () => [
      { headerName: settingsText.value, field: 'value' as never, flex: 1, valueFormatter: (p) => (p.data ? shownValue(p.data.type, p.data.value) : '') },
      { headerName: settingsText.type, field: 'type' as never },
      { headerName: settingsText.created, field: 'created' as never, valueFormatter: (p) => formatDateTime(p.value as string) },
      ...extra,
      ...(acting
        ? [
            actionsColumn<T>((row) => (
              <CellChartActions label={settingsText.entryGroup(entryCaption(row))} parts={[entryPart(lifecycle, row)]} buttonName={() => removeFor(entryCaption(row))} />
            )),
          ]
        : []),
    ],
    [acting, extra, lifecycle, removeFor],
  );
}
