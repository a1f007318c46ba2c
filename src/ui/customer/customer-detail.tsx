import { useEffect, useRef, useState } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { CallRow } from '@/api/contract/calls';
import type { ActionLogsPage, NotesPage } from '@/api/contract/order-detail';
import { getCalls } from '@/api/lists';
import { getDocActionLogs, getDocNotes } from '@/api/order-detail';
import { terminateCauseLabel } from '@/domain/calls';
import { formatMoney, formatNumber, formatSessionTime } from '@/domain/format';
import { formatDateTime } from '@/domain/time';
import { ActionLogTable, LOGS_PAGE_SIZE } from '@/ui/action-logs';
import { DetailTabView, useDetailTab, type DetailTab } from '@/ui/detail-tab';
import { PagedTable, type TableColumn } from '@/ui/detail-table';
import { DocNotes } from '@/ui/doc-notes';
import { useServices } from '@/ui/session';
import { CustomerPhones } from '@/ui/customer-phones';
import { getCustomerBlacklist, getKyc } from '@/api/customer';
import { BLACKLIST_PAGE_SIZE, BlacklistTab, KycTab } from './blacklist-kyc-tabs';
import { customerText } from '@/i18n/es-customer';

const tabClass =
  'rounded-t-md px-3 py-2 text-sm font-medium text-slate-600 data-hover:bg-slate-200/60 data-selected:bg-white data-selected:text-brand-700 data-selected:ring-1 data-selected:ring-slate-200';

/** Notes shown on the customer page: the newest hundred (the tab says how many there are). */
const NOTES_SHOWN = 100;
/** Customer tables are read 20 at a time (spec details §9). */
const CALLS_PAGE_SIZE = 20;

interface Paged<T> {
  page: number;
  data: T;
}

const callText = customerText.calls;
const CALL_COLUMNS: TableColumn<CallRow>[] = [
  { header: callText.id, cell: (c) => c.id },
  { header: callText.src, cell: (c) => c.src ?? '' },
  { header: callText.destination, cell: (c) => c.calledStation },
  { header: callText.start, cell: (c) => formatDateTime(c.starTime), className: 'whitespace-nowrap' },
  { header: callText.duration, cell: (c) => formatSessionTime(c.sessionTime) },
  { header: callText.bill, cell: (c) => formatMoney(c.sessionBill, 'USD'), className: 'whitespace-nowrap' },
  { header: callText.freeMinutes, cell: (c) => formatNumber(c.minFree) },
  { header: callText.cause, cell: (c) => terminateCauseLabel(c.terminateCauseId) },
  { header: callText.trunk, cell: (c) => c.idTrunk ?? '' },
];

function CallsTab({ accountId, tab, onPage }: { accountId: number; tab: DetailTab<Paged<{ elements: CallRow[]; totalElements: number }>>; onPage: (page: number) => void }) {
  return (
    <DetailTabView tab={tab}>
      {({ page, data }) => (
        <PagedTable label={callText.label(accountId)} rows={data.elements} columns={CALL_COLUMNS} rowKey={(c) => c.id} empty={customerText.phones.empty} page={page} size={CALLS_PAGE_SIZE} total={data.totalElements} onPage={onPage} />
      )}
    </DetailTabView>
  );
}

function LogsTab({ accountId, tab, onPage }: { accountId: number; tab: DetailTab<Paged<ActionLogsPage>>; onPage: (page: number) => void }) {
  return <DetailTabView tab={tab}>{({ page, data }) => <ActionLogTable label={customerText.logsLabel(accountId)} page={data} pageIndex={page} onPage={onPage} />}</DetailTabView>;
}

/**
 * The customer's tabs (spec details §2), each on its own detail-tab chart: Notas loads when the
 * view first appears; Logs and KYC on every selection; the others on their first selection. The same
 * component serves the customer page and the customers list's expanded row.
 */
export function CustomerDetail({ accountId }: { accountId: number }) {
  const services = useServices();
  const callsPage = useRef(0);
  const logsPage = useRef(0);
  const notes = useDetailTab<NotesPage>(() => getDocNotes(services.uaa, 'CUSTOMER', accountId, NOTES_SHOWN));
  const calls = useDetailTab(async () => {
    const page = callsPage.current;
    return { page, data: await getCalls(services.users, { accountId: String(accountId), page: String(page), size: String(CALLS_PAGE_SIZE) }) };
  });
  const blacklistPage = useRef(0);
  const blacklist = useDetailTab(async () => {
    const page = blacklistPage.current;
    return { page, data: await getCustomerBlacklist(services.blacklist, accountId, page, BLACKLIST_PAGE_SIZE) };
  });
  const kyc = useDetailTab(() => getKyc(services.users, accountId), { reloadOnSelect: true });
  const logs = useDetailTab(
    async () => {
      const page = logsPage.current;
      return { page, data: await getDocActionLogs(services.users, { docCode: 'CUSTOM', docId: String(accountId), page, size: LOGS_PAGE_SIZE }) };
    },
    { reloadOnSelect: true },
  );
  const [selected, setSelected] = useState(0);

  const notesActor = notes.actor;
  useEffect(() => {
    notesActor.send({ type: 'tab.selected' });
  }, [notesActor]);

  const tabs = [
    { label: customerText.tabs.notes, tab: notes },
    { label: customerText.tabs.phones, tab: null },
    { label: customerText.tabs.calls, tab: calls },
    { label: customerText.tabs.blacklist, tab: blacklist },
    { label: customerText.tabs.kyc, tab: kyc },
    { label: customerText.tabs.logs, tab: logs },
  ];
  const select = (index: number) => {
    setSelected(index);
    tabs[index]?.tab?.select();
  };

  return (
    <TabGroup selectedIndex={selected} onChange={select}>
      <TabList aria-label={customerText.tabs.label(accountId)} className="flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map(({ label }) => (
          <Tab key={label} className={tabClass}>
            {label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-3">
        <TabPanel>
          <DocNotes
            tab={notes}
            doc={{ docCode: 'CUSTOMER', docId: accountId, accountId }}
            label={customerText.notesLabel(accountId)}
            onCreated={() => {
              notes.refresh();
              logs.actor.send({ type: 'tab.reload' });
            }}
          />
        </TabPanel>
        <TabPanel>
          <CustomerPhones accountId={accountId} />
        </TabPanel>
        <TabPanel>
          <CallsTab
            accountId={accountId}
            tab={calls}
            onPage={(page) => {
              callsPage.current = page;
              calls.refresh();
            }}
          />
        </TabPanel>
        <TabPanel>
          <BlacklistTab
            accountId={accountId}
            tab={blacklist}
            onPage={(page) => {
              blacklistPage.current = page;
              blacklist.refresh();
            }}
          />
        </TabPanel>
        <TabPanel>
          <KycTab accountId={accountId} tab={kyc} />
        </TabPanel>
        <TabPanel>
          <LogsTab
            accountId={accountId}
            tab={logs}
            onPage={(page) => {
              logsPage.current = page;
              logs.refresh();
            }}
          />
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
