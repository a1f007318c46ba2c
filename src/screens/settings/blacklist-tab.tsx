import { useServices } from '@/ui/session';
import { addToBlacklist, blacklistBody, getBlacklist, removeFromBlacklist } from '@/api/settings';
import { BLACKLIST_TYPES, type BlacklistEntry } from '@/api/contract/settings';
import { Permission } from '@/domain/permissions';
import { ActionFlowDialogs } from '@/ui/action-flow';
import { DataGrid } from '@/ui/data-grid';
import { EditorOnly } from '@/ui/editor-only';
import { InputField } from '@/ui/fields';
import { SearchLayout } from '@/ui/search-screen';
import { settingsText } from '@/i18n/es-settings';
import { AddEntryDialog } from './add-entry-dialog';
import { useEntryColumns } from './entry-columns';
import { parseBlacklistBody } from './parse-body';
import { useRemoveFlow } from './remove-flow';
import { useSettingsList } from './use-settings-list';

const PAGE_SIZE = 50;

/** Lista Negra: the general blacklist, 50 per page, searchable by value. */
export function BlacklistTab() {
  const services = useServices();
  const { screen, reload } = useSettingsList('lista-negra', { value: '' }, (query, page, signal) =>
    getBlacklist(services.blacklist, page, PAGE_SIZE, query.value, signal),
  );
  const remove = useRemoveFlow((e) => removeFromBlacklist(services.blacklist, blacklistBody(e.type, e.value)), settingsText.blacklist.removed, reload);
  const columns = useEntryColumns<BlacklistEntry>(remove.actor, settingsText.blacklist.removeFor);

  return (
    <div className="space-y-3">
      <EditorOnly permission={Permission.DO_ACTION}>
        <AddEntryDialog
          id="blacklist-add"
          buttonLabel={settingsText.blacklist.add}
          title={settingsText.blacklist.addTitle}
          types={BLACKLIST_TYPES}
          parseBody={parseBlacklistBody}
          add={(body) => addToBlacklist(services.blacklist, body)}
          successText={settingsText.blacklist.added}
          // New entries come first: the search runs again from its first page.
          onAdded={screen.submit}
        />
      </EditorOnly>
      <SearchLayout<BlacklistEntry>
        screen={screen}
        pageSize={PAGE_SIZE}
        filters={
          <InputField
            id="blacklist-value"
            label={settingsText.blacklist.search}
            title={settingsText.blacklist.searchHint}
            value={screen.draft.value ?? ''}
            onChange={(e) => screen.set('value', e.target.value)}
            autoComplete="off"
          />
        }
      >
        {(rows) => <DataGrid label={settingsText.blacklist.label} rows={rows} columns={columns} getRowId={(row) => `${row.type}:${row.value}`} csvName={settingsText.blacklist.csv} />}
      </SearchLayout>
      <ActionFlowDialogs actor={remove.actor} />
    </div>
  );
}
