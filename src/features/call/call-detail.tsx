import type { CallRow } from '@/api/contract/calls';
import { getCallAgain, getCallContact, getSimilarCalls } from '@/api/call-detail';
import { remainingOf, type CallCost } from '@/domain/call-return';
import { terminateCauseLabel } from '@/domain/calls';
import { formatNumber, formatSessionTime } from '@/domain/format';
import { formatDateTime } from '@/domain/time';
import { callReturn } from '@/machines/call/call-return.machine';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import { CustomerTab, loadCustomer } from '@/features/customer/customer-tab';
import { DetailTabView, reloadLoaded, useDetailTab } from '@/ui/detail-tab';
import { KeyValues, PagedTable, type TableColumn } from '@/ui/detail-table';
import { DocLogsView, useDocLogs } from '@/features/activity/action-logs';
import { SectionTabs } from '@/ui/tabs';
import { useServices } from '@/ui/session';
import { callText } from '@/i18n/es-call';

const SIMILAR_PAGE = 20;

/** Duration as h:mm:ss, the termination cause with its Spanish meaning (spec lists §4). */
export const causeOf = (call: CallRow) => `${call.terminateCauseId} · ${terminateCauseLabel(call.terminateCauseId)}`;

const SIMILAR_COLUMNS: TableColumn<CallRow>[] = [
  { header: 'Id', cell: (c) => c.id },
  { header: callText.similar.start, cell: (c) => formatDateTime(c.starTime), className: 'whitespace-nowrap' },
  { header: callText.summary.duration, cell: (c) => formatSessionTime(c.sessionTime) },
  { header: callText.summary.bill, cell: (c) => formatNumber(c.sessionBill) },
  { header: callText.summary.returned, cell: (c) => formatNumber(c.returnedValue) },
  { header: callText.summary.cause, cell: causeOf },
];

/**
 * A call opened in the calls list (spec details §2 "Call detail"): what it cost and what was
 * returned, the return actions its chart offers this staff member, and the tabs Contacto,
 * Llamadas Similares, Cliente Detalles and Logs (docCode CALL).
 */
export function CallDetail({ call }: { call: CallRow }) {
  const services = useServices();
  // The call read again after a return, on its own detail-tab chart (a new return stops a read on its way). Its query is the
  // return's answer (the returned value), shown at once; until the call comes back its chart is not known (nothing offered).
  const again = useDetailTab(() => getCallAgain(services.users, call), { query: {} as Pick<Partial<CallRow>, 'returnedValue'> });
  const current: CallRow = again.state === 'idle' ? call : again.state === 'loaded' && again.data ? again.data : { ...(again.data ?? call), ...again.query, charts: undefined };
  const returned = current.returnedValue;
  const cost: CallCost = { bill: current.sessionBill, returned, seconds: current.sessionTime };
  const contact = useDetailTab(() => getCallContact(services.users, call.id));
  const similar = useDetailTab(({ page }) => getSimilarCalls(services.users, call.id, page));
  const customer = useDetailTab(() => loadCustomer(services, call));
  const logs = useDocLogs('CALL', String(call.id));
  // The chart as the server restores it, carried by the read (never derived from the row's amounts); the form opens with what the card shows.
  const part = snapshotPart(current.charts, { lifecycle: callReturn, shown: { ...cost }, subject: { callId: call.id, accountId: call.accountId } });
  const contactText = callText.contact;
  return (
    <div className="space-y-3">
      <KeyValues
        items={[
          { label: callText.summary.cause, value: causeOf(call) },
          { label: callText.summary.duration, value: formatSessionTime(call.sessionTime) },
          { label: callText.summary.bill, value: `${formatNumber(call.sessionBill)} USD` },
          { label: callText.summary.returned, value: `${formatNumber(returned)} USD` },
          { label: callText.summary.remaining, value: `${formatNumber(remainingOf(cost))} USD` },
        ]}
      />
      <ChartActions
        label={callText.actionsLabel(call.id)}
        parts={[part]}
        onDone={(data) => {
          // The answer's returned value shows at once; the chart waits for the call read again (no snapshot meanwhile: nothing offered).
          const answer = data as { returnedValue?: number } | undefined;
          again.filter(typeof answer?.returnedValue === 'number' ? { returnedValue: answer.returnedValue } : {});
          reloadLoaded([customer, logs.tab]);
        }}
        onFailed={() => {
          again.refresh();
          reloadLoaded([logs.tab]);
        }}
      />
      <SectionTabs
        label={callText.tabs.label(call.id)}
        sections={[
          {
            label: callText.tabs.contact,
            select: contact.select,
            panel: (
              <DetailTabView tab={contact}>
                {(c) =>
                  c ? (
                    <KeyValues
                      items={[
                        { label: contactText.name, value: c.name },
                        { label: contactText.country, value: c.country },
                        { label: contactText.prefix, value: c.prefijo },
                        { label: contactText.phone, value: c.phone },
                        { label: contactText.visible, value: c.visible ? contactText.yes : contactText.no },
                      ]}
                    />
                  ) : (
                    <p className="text-sm text-slate-600">{contactText.none}</p>
                  )
                }
              </DetailTabView>
            ),
          },
          {
            label: callText.tabs.similar,
            select: similar.select,
            panel: (
              <DetailTabView tab={similar}>
                {(data) => (
                  <PagedTable
                    label={callText.similar.label(call.id)}
                    rows={data.elements}
                    columns={SIMILAR_COLUMNS}
                    rowKey={(c) => c.id}
                    empty={callText.similar.empty}
                    page={similar.page}
                    size={SIMILAR_PAGE}
                    total={data.totalElements}
                    onPage={similar.goTo}
                  />
                )}
              </DetailTabView>
            ),
          },
          { label: callText.tabs.customer, select: customer.select, panel: <CustomerTab tab={customer} /> },
          { label: callText.tabs.logs, select: logs.tab.select, panel: <DocLogsView logs={logs} label={callText.logsLabel(call.id)} /> },
        ]}
      />
    </div>
  );
}
