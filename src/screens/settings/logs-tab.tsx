import { useServices } from '@/app/context';
import { getSettingLogs } from '@/api/settings';
import type { ActionLog } from '@/api/contract/settings';
import { formatDateTime } from '@/domain/time';
import { DataGrid, type Column } from '@/ui/data-grid';
import { ts } from '@/i18n/es-settings';
import { useSettingsList } from './use-settings-list';
import { SearchResults } from '@/ui/search-screen';

const PAGE_SIZE = 20;

const COLUMNS: Column<ActionLog>[] = [
  { headerName: ts.logs.executor, field: 'executorEmail' },
  { headerName: ts.logs.date, field: 'date', valueFormatter: (p) => formatDateTime(p.value as string) },
  { headerName: ts.logs.channel, field: 'canal', maxWidth: 110 },
  { headerName: ts.logs.description, field: 'description', flex: 1 },
];

/** Logs: what was changed in settings (docCode SETTING), newest first. */
export function LogsTab() {
  const services = useServices();
  const { screen } = useSettingsList('logs', {}, (_query, page, signal) => getSettingLogs(services.users, page, PAGE_SIZE, signal));
  return (
    <SearchResults<ActionLog> screen={screen} pageSize={PAGE_SIZE} emptyText={ts.empty}>
      {(rows) => <DataGrid label={ts.logs.label} rows={rows} columns={COLUMNS} getRowId={(row) => String(row.id)} csvName={ts.logs.csv} />}
    </SearchResults>
  );
}
