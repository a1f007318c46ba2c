import { useServices } from '@/ui/session';
import { addRecipients, getRecipientBlacklist, recipientBody, removeRecipients } from '@/api/settings';
import { RECIPIENT_TYPES, type RecipientEntry } from '@/api/contract/settings';
import { Permission } from '@/domain/permissions';
import { formatDateTime } from '@/domain/time';
import { ActionFlowDialogs } from '@/ui/action-flow';
import { DataGrid } from '@/ui/data-grid';
import { EditorOnly } from '@/ui/editor-only';
import { settingsText } from '@/i18n/es-settings';
import { AddEntryDialog } from './add-entry-dialog';
import { useEntryColumns } from './entry-columns';
import { parseRecipientBody } from './parse-body';
import { useRemoveFlow } from './remove-flow';
import { useSettingsList } from './use-settings-list';
import { SearchResults } from '@/ui/search-screen';

/** The spec asks for 20 and says the pager uses 100; the pager counts the pages actually asked for. */
const PAGE_SIZE = 20;

function expiry(expiresOn: string | null): string {
  if (!expiresOn) return settingsText.recipients.never;
  const shown = formatDateTime(expiresOn);
  return Date.parse(expiresOn) < Date.now() ? `${shown} (${settingsText.recipients.expired})` : shown;
}

/** Lista Negra Destinatarios: blacklisted recipients (phone, card, e-mail), newest first. */
export function RecipientsTab() {
  const services = useServices();
  const { screen, reload } = useSettingsList('destinatarios', {}, (_query, page, signal) =>
    getRecipientBlacklist(services.blacklist, page, PAGE_SIZE, signal),
  );
  const remove = useRemoveFlow((e) => removeRecipients(services.blacklist, recipientBody(e.type, e.value)), settingsText.recipients.removed, reload);
  const columns = useEntryColumns<RecipientEntry>(remove.actor, settingsText.recipients.removeFor, [
    { headerName: settingsText.recipients.expiresOn, field: 'expiresOn', valueFormatter: (p) => expiry(p.value as string | null) },
  ]);

  return (
    <div className="space-y-3">
      <EditorOnly permission={Permission.DO_ACTION}>
        <AddEntryDialog
          id="recipient-add"
          buttonLabel={settingsText.recipients.add}
          title={settingsText.recipients.addTitle}
          types={RECIPIENT_TYPES}
          parseBody={parseRecipientBody}
          add={(body) => addRecipients(services.blacklist, body)}
          successText={settingsText.recipients.added}
          // New entries come first: the search runs again from its first page.
          onAdded={screen.submit}
        />
      </EditorOnly>
      <SearchResults<RecipientEntry> screen={screen} pageSize={PAGE_SIZE} emptyText={settingsText.empty}>
        {(rows) => <DataGrid label={settingsText.recipients.label} rows={rows} columns={columns} getRowId={(row) => `${row.type}:${row.value}`} csvName={settingsText.recipients.csv} />}
      </SearchResults>
      <ActionFlowDialogs actor={remove.actor} />
    </div>
  );
}
