import type { ActionLog } from '@/api/contract/settings';
import type { ActionLogsPage } from '@/api/contract/order-detail';
import { formatDateTime } from '@/domain/time';
import { SimpleTable, type TableColumn } from '@/ui/detail-table';
import { Pager } from '@/ui/pager';
import { activityText } from '@/i18n/es-activity';
import type { DocCode } from '@/domain/diff';
import { getDocActionLogs } from '@/api/order-detail';
import { DetailTabView, useDetailTab } from '@/ui/detail-tab';
import { useServices } from '@/ui/session';

/** Action logs are read 20 at a time. */
export const LOGS_PAGE_SIZE = 20;

const show = (value: unknown) => (value === null || value === undefined || value === '' ? activityText.logs.none : typeof value === 'string' ? value : JSON.stringify(value));

/** The changed fields of a log (`{ field: { before, after } }`), one line each. */
function Changes({ input }: { input: string | null }) {
  if (!input) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    return <span className="font-mono text-xs">{input}</span>;
  }
  if (!parsed || typeof parsed !== 'object') return <span className="font-mono text-xs">{input}</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {Object.entries(parsed as Record<string, unknown>).map(([field, change]) => {
        const pair = change && typeof change === 'object' && 'after' in change ? (change as { before?: unknown; after?: unknown }) : { before: undefined, after: change };
        return <li key={field}>{activityText.logs.change(field, show(pair.before), show(pair.after))}</li>;
      })}
    </ul>
  );
}

const logText = activityText.logs;
const COLUMNS: TableColumn<ActionLog>[] = [
  { header: logText.executor, cell: (l) => l.executorEmail ?? '' },
  { header: logText.date, cell: (l) => formatDateTime(l.date), className: 'whitespace-nowrap' },
  { header: logText.channel, cell: (l) => l.canal },
  { header: logText.description, cell: (l) => l.description },
  { header: logText.changes, cell: (l) => <Changes input={l.input} /> },
];

/** One page of a document's action log: who did what, when, through which channel, and what changed. */
export function ActionLogTable({ label, page, pageIndex, onPage }: { label: string; page: ActionLogsPage; pageIndex: number; onPage: (page: number) => void }) {
  return (
    <div className="space-y-3">
      <SimpleTable label={label} rows={page.elements} columns={COLUMNS} rowKey={(l) => l.id} empty={activityText.empty} />
      {page.totalElements > LOGS_PAGE_SIZE ? <Pager page={pageIndex} size={LOGS_PAGE_SIZE} total={page.totalElements} limited={page.totalLimited ?? false} onPage={onPage} /> : null}
    </div>
  );
}

/** A document's action logs (a customer, a call, a charge order), a page at a time, read again on every selection. */
export function useDocLogs(docCode: DocCode, docId: string) {
  const services = useServices();
  const tab = useDetailTab(({ page }) => getDocActionLogs(services.users, { docCode, docId, page, size: LOGS_PAGE_SIZE }), { reloadOnSelect: true });
  return { tab };
}

export type DocLogs = ReturnType<typeof useDocLogs>;

/** The Logs tab of a document: who did what, and what changed. */
export function DocLogsView({ logs, label }: { logs: DocLogs; label: string }) {
  return <DetailTabView tab={logs.tab}>{(data) => <ActionLogTable label={label} page={data} pageIndex={logs.tab.page} onPage={logs.tab.goTo} />}</DetailTabView>;
}
