import { lazy, Suspense } from 'react';
import type { NotesPage } from '@/api/contract/order-detail';
import { getDocNotes } from '@/api/order-detail';
import { getCampaigns, getKyc, getPhones } from '@/api/customer';
import { DocLogsView, useDocLogs } from '@/features/activity/action-logs';
import { useDetailTab } from '@/ui/detail-tab';
import { DocNotes } from '@/features/activity/doc-notes';
import { useActorPermissions, useServices } from '@/ui/session';
import { mayView } from '@/domain/customer-views';
import { CustomerPhonesView } from '@/features/customer/customer-phones';
import { customerText } from '@/i18n/es-customer';
import { AccountTableView, useAccountTable, type AccountTable, type AccountTableState } from './account-table';
import { BANK_RECIPIENTS, BLACKLIST, CALLS, CARDS, HOME_RECIPIENTS, CREDIT_HISTORY, PASSWORD_SIGN_INS, PASSWORDLESS_SIGN_INS, PIN_ATTEMPTS, REQUESTS, TRANSFERS } from './account-tables';
import { CampaignsTab, KycTab } from './kyc-campaign-tabs';
import { EventsView, TraitsView, useSegment } from './segment-tab';
import { DocumentsTab, loadDocuments } from './documents-tab';
import { bankRecipientActions, homeRecipientActions } from './recipient-edit';
import { SectionTabs, type Section } from '@/ui/tabs';
import type { TableColumn } from '@/ui/detail-table';
import type { PaymentMethod } from '@/api/contract/customer-detail';

// The added-card attempts and their reset load when the Logs tab shows them (agents only).
const AddedCardAttempts = lazy(async () => ({ default: (await import('./added-cards')).AddedCardAttempts }));
// The card actions (their chart and dialogs) load with the Tarjetas tab's rows.
const CardActionsCell = lazy(async () => ({ default: (await import('./saved-card-actions')).CardActionsCell }));

/** The Tarjetas tab's actions column. */
const cardActionsColumn = (onChanged: () => void): TableColumn<PaymentMethod> => ({
  header: customerText.cards.actions,
  cell: (card) => (
    <Suspense fallback={null}>
      <CardActionsCell card={card} onChanged={onChanged} />
    </Suspense>
  ),
});

/** Notes shown on the customer page: the newest hundred (the tab says how many there are). */
const NOTES_SHOWN = 100;

const text = customerText.tabs;

/** Two tables under one tab (Transfer, Autenticacion): each loads when its sub-tab is first shown. */
const SubTabs = ({ label, parts }: { label: string; parts: readonly Section[] }) => <SectionTabs label={label} sections={parts} sub />;

function tableSection<T>(label: string, table: AccountTable<T>, accountId: number, state: AccountTableState<T>): Section {
  return { label, select: state.select, panel: <AccountTableView table={table} accountId={accountId} state={state} /> };
}

/**
 * The customer's tabs (spec details §2), each on its own detail-tab chart: Notas loads when the
 * view first appears; Logs and KYC on every selection; the others on their first selection. The
 * same component serves the customer page and the customers list's expanded row.
 */
export function CustomerDetail({ accountId }: { accountId: number }) {
  return <CustomerTabs accountId={accountId} tabs={useCustomerTabs(accountId)} />;
}

/** The customer's tabs' charts: the page keeps them, so that after an action it reads again those that have loaded. */
export function useCustomerTabs(accountId: number) {
  const services = useServices();
  const notes = useDetailTab<NotesPage>(() => getDocNotes(services.uaa, 'CUSTOMER', accountId, NOTES_SHOWN));
  const history = useAccountTable(CREDIT_HISTORY, accountId);
  const transfers = useAccountTable(TRANSFERS, accountId);
  const requests = useAccountTable(REQUESTS, accountId);
  const cards = useAccountTable(CARDS, accountId);
  const passwordless = useAccountTable(PASSWORDLESS_SIGN_INS, accountId);
  const password = useAccountTable(PASSWORD_SIGN_INS, accountId);
  const attempts = useAccountTable(PIN_ATTEMPTS, accountId);
  const phones = useDetailTab(() => getPhones(services.users, accountId));
  // Whether a campaign is active is judged when the list is read.
  const campaigns = useDetailTab(async () => {
    const { elements, charts } = await getCampaigns(services.users, accountId);
    return { rows: elements, charts, now: Date.now() };
  });
  const blacklist = useAccountTable(BLACKLIST, accountId);
  const calls = useAccountTable(CALLS, accountId);
  const segment = useSegment(accountId);
  // The directory reloads on every selection (spec details §2).
  const bankDirectory = useAccountTable(BANK_RECIPIENTS, accountId, { reloadOnSelect: true });
  const homeDirectory = useAccountTable(HOME_RECIPIENTS, accountId, { reloadOnSelect: true });
  const documents = useDetailTab(() => loadDocuments(services, accountId));
  const kyc = useDetailTab(() => getKyc(services.users, accountId), { reloadOnSelect: true });
  const logs = useDocLogs('CUSTOM', String(accountId));
  return {
    notes, history, transfers, requests, cards, passwordless, password, attempts, phones, campaigns, blacklist, calls, segment, bankDirectory, homeDirectory, documents, kyc, logs,
    /** Every tab's chart, for a read again after an action. */
    all: [notes, history, transfers, requests, cards, passwordless, password, attempts, phones, campaigns, blacklist, calls, segment.traits, segment.events, bankDirectory, homeDirectory, documents, kyc, logs.tab],
  };
}

export type CustomerTabCharts = ReturnType<typeof useCustomerTabs>;

export function CustomerTabs({ accountId, tabs }: { accountId: number; tabs: CustomerTabCharts }) {
  const { notes, history, transfers, requests, cards, passwordless, password, attempts, phones, campaigns, blacklist, calls, segment, bankDirectory, homeDirectory, documents, kyc, logs } = tabs;
  const permissions = useActorPermissions();

  const sections: Section[] = [
    {
      label: text.notes,
      select: notes.select,
      panel: (
        <DocNotes
          tab={notes}
          doc={{ docCode: 'CUSTOMER', docId: accountId, accountId }}
          label={customerText.notesLabel(accountId)}
          onCreated={() => {
            notes.refresh();
            logs.tab.actor.send({ type: 'tab.reload' });
          }}
        />
      ),
    },
    tableSection(text.history, CREDIT_HISTORY, accountId, history),
    {
      label: text.transfer,
      select: transfers.select,
      panel: (
        <SubTabs
          label={text.transferSections(accountId)}
          parts={[tableSection(text.transfers, TRANSFERS, accountId, transfers), tableSection(text.requests, REQUESTS, accountId, requests)]}
        />
      ),
    },
    tableSection(text.cards, { ...CARDS, columns: [...CARDS.columns, cardActionsColumn(cards.refresh)] }, accountId, cards),
    {
      label: text.auth,
      select: passwordless.select,
      panel: (
        <SubTabs
          label={text.authSections(accountId)}
          parts={[tableSection(text.passwordless, PASSWORDLESS_SIGN_INS, accountId, passwordless), tableSection(text.password, PASSWORD_SIGN_INS, accountId, password)]}
        />
      ),
    },
    tableSection(text.pinAttempts, PIN_ATTEMPTS, accountId, attempts),
    { label: text.phones, select: phones.select, panel: <CustomerPhonesView accountId={accountId} phones={phones} /> },
    { label: text.campaigns, select: campaigns.select, panel: <CampaignsTab accountId={accountId} tab={campaigns} /> },
    tableSection(text.blacklist, BLACKLIST, accountId, blacklist),
    // The calls list is the calls screen's (CRM2_VIEW_CALLS): without it the tab is not offered.
    ...(mayView('calls', permissions) ? [tableSection(text.calls, CALLS, accountId, calls)] : []),
    {
      label: text.segment,
      select: segment.traits.select,
      panel: (
        <SubTabs
          label={text.segmentSections(accountId)}
          parts={[
            { label: text.traits, select: segment.traits.select, panel: <TraitsView accountId={accountId} segment={segment} /> },
            { label: text.events, select: segment.events.select, panel: <EventsView accountId={accountId} segment={segment} /> },
          ]}
        />
      ),
    },
    {
      label: text.directory,
      select: bankDirectory.select,
      panel: (
        <SubTabs
          label={text.directorySections(accountId)}
          parts={[
            tableSection(text.toBank, { ...BANK_RECIPIENTS, columns: [...BANK_RECIPIENTS.columns, bankRecipientActions(accountId, bankDirectory.refresh)] }, accountId, bankDirectory),
            tableSection(text.toHome, { ...HOME_RECIPIENTS, columns: [...HOME_RECIPIENTS.columns, homeRecipientActions(homeDirectory.refresh)] }, accountId, homeDirectory),
          ]}
        />
      ),
    },
    { label: text.documents, select: documents.select, panel: <DocumentsTab accountId={accountId} tab={documents} /> },
    { label: text.kyc, select: kyc.select, panel: <KycTab accountId={accountId} tab={kyc} /> },
    {
      label: text.logs,
      select: logs.tab.select,
      panel: (
        <div className="space-y-3">
          <Suspense fallback={null}>
            <AddedCardAttempts accountId={accountId} />
          </Suspense>
          <DocLogsView logs={logs} label={customerText.logsLabel(accountId)} />
        </div>
      ),
    },
  ];

  return <SectionTabs label={text.label(accountId)} sections={sections} />;
}
