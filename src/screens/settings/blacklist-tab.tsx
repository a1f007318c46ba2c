import { useServices } from '@/ui/session';
import { getBlacklist } from '@/api/settings';
import type { BlacklistEntry } from '@/api/contract/settings';
import { blacklistEntry } from '@/machines/settings/list-entry.machine';
import { DataGrid } from '@/ui/data-grid';
import { InputField } from '@/ui/fields';
import { SearchLayout } from '@/ui/search-screen';
import { CellFlow, useChartFlow } from '@/ui/chart-actions';
import { settingsText } from '@/i18n/es-settings';
import { AddEntry } from './add-entry';
import { useEntryColumns } from './entry-columns';
import { useSettingsList } from './use-settings-list';

const PAGE_SIZE = 50;
const text = settingsText.blacklist;

function Entries({ rows, flow }: { rows: BlacklistEntry[]; flow: ReturnType<typeof useChartFlow> }) {
  const columns = useEntryColumns<BlacklistEntry>(blacklistEntry, rows, text.removeFor);
  return (
    <CellFlow flow={flow}>
      <DataGrid label={text.label} rows={rows} columns={columns} getRowId={(row) => `${row.type}:${row.value}`} csvName={text.csv} />
    </CellFlow>
  );
}

/** Lista Negra: the general blacklist, 50 per page, searchable by value; "Agregar" and "Eliminar" are its values' chart's. */
export function BlacklistTab() {
  const services = useServices();
  const { screen, reload } = useSettingsList('lista-negra', { value: '' }, (query, page, signal) =>
    getBlacklist(services.blacklist, page, PAGE_SIZE, query.value, signal),
  );
  // A removed value leaves the list: the flow outlives its row.
  const removing = useChartFlow({ onDone: reload, onFailed: reload });

  return (
    <div className="space-y-3">
      {/* New entries come first: the search runs again from its first page. */}
      <AddEntry lifecycle={blacklistEntry} label={text.addGroup} onAdded={screen.submit} />
      <SearchLayout<BlacklistEntry>
        screen={screen}
        pageSize={PAGE_SIZE}
        filters={
          <InputField
            id="blacklist-value"
            label={text.search}
            title={text.searchHint}
            value={screen.draft.value ?? ''}
            onChange={(e) => screen.set('value', e.target.value)}
            autoComplete="off"
          />
        }
      >
        {(rows) => <Entries rows={rows} flow={removing} />}
      </SearchLayout>
      {removing.dialogs}
    </div>
  );
}
