import { useServices } from '@/ui/session';
import { getSettingLogs } from '@/api/settings';
import type { ActionLog } from '@/api/contract/settings';
import { formatDateTime } from '@/domain/time';
import { DataGrid, type Column } from '@/ui/data-grid';
import { settingsText } from '@/i18n/es-settings';
import { useSettingsList } from './use-settings-list';
import { SearchResults } from '@/ui/search-screen';

const PAGE_SIZE = 20;

const COLUMNS: Column<ActionLog>[] = [
  { headerName: settingsText.logs.executor, field: 'executorEmail' },
  { headerName: settingsText.logs.date, field: 'date', valueFormatter: (p) => formatDateTime(p.value as string) },
  { headerName: settingsText.logs.channel, field: 'canal', maxWidth: 110 },
  { headerName: settingsText.logs.description, field: 'description', flex: 1 },
];

/** Logs: what was changed in settings (docCode SETTING), newest first. */
export function LogsTab() {
  const services = useServices();
  const { screen } = useSettingsList('logs', {}, (_query, page, signal) => getSettingLogs(services.users, page, PAGE_SIZE, signal));
  return (
    <SearchResults<ActionLog> screen={screen} pageSize={PAGE_SIZE} emptyText={settingsText.empty}>
      {(rows) => <DataGrid label={settingsText.logs.label} rows={rows} columns={COLUMNS} getRowId={(row) => String(row.id)} csvName={settingsText.logs.csv} />}
    </SearchResults>
  );
}
