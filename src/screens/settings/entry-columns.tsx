import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { actionFlowMachine } from '@/machines/ui/action-flow.machine';
import { Permission } from '@/domain/permissions';
import { formatDateTime } from '@/domain/time';
import type { Column } from '@/ui/data-grid';
import { EditorOnly } from '@/ui/editor-only';
import { Button } from '@/ui/button';
import { settingsText } from '@/i18n/es-settings';
import { actionsColumn, displayValue, rowButton } from './display';
import { useCanEdit } from '@/ui/flow-stage';

interface Entry {
  type: string;
  value: string;
  created: string;
}

/**
 * The columns of a blacklist: value (cards masked), type, created, the list's own columns, and
 * — for editors with CRM7_DO_ACTION — a remove button that starts the remove flow.
 */
export function useEntryColumns<T extends Entry>(
  remove: ActorRefFrom<typeof actionFlowMachine>,
  removeLabel: (type: string, value: string) => string,
  extra: Column<T>[] = [],
): Column<T>[] {
  const canEdit = useCanEdit(Permission.DO_ACTION);
  return useMemo<Column<T>[]>(
    () => [
      { headerName: settingsText.value, field: 'value' as never, flex: 1, valueFormatter: (p) => (p.data ? displayValue(p.data.type, p.data.value) : '') },
      { headerName: settingsText.type, field: 'type' as never },
      { headerName: settingsText.created, field: 'created' as never, valueFormatter: (p) => formatDateTime(p.value as string) },
      ...extra,
      ...(canEdit
        ? [
            actionsColumn<T>((row) => (
              <EditorOnly permission={Permission.DO_ACTION}>
                <Button
                  variant="danger"
                  className={rowButton}
                  aria-label={removeLabel(row.type, displayValue(row.type, row.value))}
                  onClick={() => remove.send({ type: 'action.submit', payload: { type: row.type, value: row.value } })}
                >
                  {settingsText.remove}
                </Button>
              </EditorOnly>
            )),
          ]
        : []),
    ],
    // `extra` and `removeLabel` are fixed per list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canEdit, remove],
  );
}
