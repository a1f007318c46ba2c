import { useRef } from 'react';
import type { DocCode } from '@/domain/diff';
import { getDocActionLogs } from '@/api/order-detail';
import { ActionLogTable, LOGS_PAGE_SIZE } from './action-logs';
import { DetailTabView, useDetailTab, type DetailTab } from './detail-tab';
import { useServices } from './session';

type DocLogsData = { page: number; data: Awaited<ReturnType<typeof getDocActionLogs>> };

/** A document's action logs (a customer, a call, a charge order), a page at a time, read again on every selection. */
export function useDocLogs(docCode: DocCode, docId: string) {
  const services = useServices();
  const page = useRef(0);
  const tab = useDetailTab<DocLogsData>(
    async () => {
      const current = page.current;
      return { page: current, data: await getDocActionLogs(services.users, { docCode, docId, page: current, size: LOGS_PAGE_SIZE }) };
    },
    { reloadOnSelect: true },
  );
  return {
    tab,
    goTo: (next: number) => {
      page.current = next;
      tab.refresh();
    },
  };
}

export type DocLogs = ReturnType<typeof useDocLogs>;

/** The Logs tab of a document: who did what, and what changed. */
export function DocLogsView({ logs, label }: { logs: DocLogs; label: string }) {
  return <DetailTabView tab={logs.tab as DetailTab<DocLogsData>}>{({ page, data }) => <ActionLogTable label={label} page={data} pageIndex={page} onPage={logs.goTo} />}</DetailTabView>;
}
