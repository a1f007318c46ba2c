import { useId, useState } from 'react';
import type { Services } from '@/api/services';
import type { OrderRow } from '@/api/contract/order-lists';
import type { ActionLogsPage } from '@/api/contract/order-detail';
import { getDocActionLogs } from '@/api/order-detail';
import { getItemTransitions } from '@/api/items';
import type { ItemTransition } from '@/api/contract/items';
import { formatDateTime, DATE_TIME_SECONDS_FORMAT } from '@/domain/time';
import { Button } from '@/ui/button';
import { DetailTabView, type ShownTab } from '@/ui/detail-tab';
import { DetailSection, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { InputField } from '@/ui/fields';
import { ActionLogTable, LOGS_PAGE_SIZE } from '@/features/activity/action-logs';
import { orderText } from '@/i18n/es-order';

export interface LogsQuery {
  description: string;
  page: number;
}

export interface LogsData {
  /** The query these logs answer (the filter and page shown). */
  query: LogsQuery;
  page: ActionLogsPage;
  /** Every item transition of the order (machine, item, from, event, to, who, when). */
  transitions: ItemTransition[];
}


/** The order's action logs (docCode ORDER), newest first; a description filter uses specific-data. */
export async function loadLogs(services: Services, order: OrderRow, query: LogsQuery): Promise<LogsData> {
  const [page, transitions] = await Promise.all([
    getDocActionLogs(services.users, {
      docCode: 'ORDER',
      docId: String(order.id),
      page: query.page,
      size: LOGS_PAGE_SIZE,
      description: query.description,
    }),
    getItemTransitions(services.orders, order.id),
  ]);
  return { query, page, transitions };
}

const logText = orderText.logs;
const transitionText = orderText.transitions;
const TRANSITION_COLUMNS: TableColumn<ItemTransition>[] = [
  { header: transitionText.at, cell: (r) => formatDateTime(r.at, DATE_TIME_SECONDS_FORMAT), className: 'whitespace-nowrap' },
  { header: transitionText.item, cell: (r) => r.itemId },
  { header: transitionText.machine, cell: (r) => r.machine },
  { header: transitionText.from, cell: (r) => r.from },
  { header: transitionText.event, cell: (r) => <code className="text-xs">{r.event}</code> },
  { header: transitionText.to, cell: (r) => r.to },
  { header: transitionText.actor, cell: (r) => r.actorEmail },
];

function LogsFilter({ applied, onApply }: { applied: string; onApply: (description: string) => void }) {
  const [text, setText] = useState(applied);
  const id = useId();
  return (
    <form
      role="search"
      aria-label={logText.filter}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(text.trim());
      }}
    >
      <InputField id={id} label={logText.filter} value={text} maxLength={120} onChange={(event) => setText(event.target.value)} className="w-64" />
      <Button type="submit" variant="secondary">
        {logText.apply}
      </Button>
      <Button
        variant="ghost"
        onClick={() => {
          setText('');
          onApply('');
        }}
      >
        {logText.clear}
      </Button>
    </form>
  );
}

/** Logs: who did what to the order, with the changed fields readable; reloads on every selection. */
export function LogsTab({ tab, onQuery }: { tab: ShownTab<LogsData>; onQuery: (query: LogsQuery) => void }) {
  const applied = tab.data?.query.description ?? '';
  return (
    <div className="space-y-3">
      <LogsFilter applied={applied} onApply={(description) => onQuery({ description, page: 0 })} />
      <DetailTabView tab={tab}>
        {({ query, page, transitions }) => (
          <div className="space-y-5">
            <ActionLogTable label={logText.label} page={page} pageIndex={query.page} onPage={(p) => onQuery({ ...query, page: p })} />
            <DetailSection title={transitionText.label}>
              <SimpleTable label={transitionText.label} rows={transitions} columns={TRANSITION_COLUMNS} rowKey={(r) => r.id} empty={transitionText.empty} />
            </DetailSection>
          </div>
        )}
      </DetailTabView>
    </div>
  );
}
