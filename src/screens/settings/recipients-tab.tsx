import { useServices } from '@/ui/session';
import { getRecipientBlacklist } from '@/api/settings';
import type { RecipientEntry } from '@/api/contract/settings';
import { formatDateTime } from '@/domain/time';
import { recipientEntry } from '@/machines/settings/list-entry.machine';
import { DataGrid, type Column } from '@/ui/data-grid';
import { CellFlow, useChartFlow } from '@/ui/chart-actions';
import { SearchResults } from '@/ui/search-screen';
import { settingsText } from '@/i18n/es-settings';
import { AddEntry } from './add-entry';
import { useEntryColumns } from './entry-columns';
import { useSettingsList } from './use-settings-list';

/** The spec asks for 20 and says the pager uses 100; the pager counts the pages actually asked for. */
const PAGE_SIZE = 20;
const text = settingsText.recipients;

function expiry(expiresOn: string | null): string {
  if (!expiresOn) return text.never;
  const shown = formatDateTime(expiresOn);
  return Date.parse(expiresOn) < Date.now() ? `${shown} (${text.expired})` : shown;
}

const EXPIRY: Column<RecipientEntry>[] = [{ headerName: text.expiresOn, field: 'expiresOn', valueFormatter: (p) => expiry(p.value as string | null) }];

function Entries({ rows, flow }: { rows: RecipientEntry[]; flow: ReturnType<typeof useChartFlow> }) {
  const columns = useEntryColumns<RecipientEntry>(recipientEntry, rows, text.removeFor, EXPIRY);
  return (
    <CellFlow flow={flow}>
      <DataGrid label={text.label} rows={rows} columns={columns} getRowId={(row) => `${row.type}:${row.value}`} csvName={text.csv} />
    </CellFlow>
  );
}

/** Lista Negra Destinatarios: blacklisted recipients (phone, card, e-mail), newest first; "Agregar" and "Eliminar" are its values' chart's. */
export function RecipientsTab() {
  const services = useServices();
  const { screen, reload } = useSettingsList('destinatarios', {}, (_query, page, signal) => getRecipientBlacklist(services.blacklist, page, PAGE_SIZE, signal));
  // A removed value leaves the list: the flow outlives its row.
  const removing = useChartFlow({ onDone: reload, onFailed: reload });

  return (
    <div className="space-y-3">
      {/* New entries come first: the search runs again from its first page. */}
      <AddEntry lifecycle={recipientEntry} label={text.addGroup} onAdded={screen.submit} />
      <SearchResults<RecipientEntry> screen={screen} pageSize={PAGE_SIZE} emptyText={settingsText.empty}>
        {(rows) => <Entries rows={rows} flow={removing} />}
      </SearchResults>
      {removing.dialogs}
    </div>
  );
}
