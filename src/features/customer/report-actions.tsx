import { useState } from 'react';
import { checkBody } from '@/api/contract/check';
import { DefenceQuery, type BalanceMovement, type DefenceRow, type SaldoReport } from '@/api/contract/customer-reports';
import { getBalanceReport, getDefenceReport } from '@/api/customer-forms';
import { PAYMENT_SYSTEMS, paymentSystemName } from '@/domain/catalog';
import { formatMoney, formatNumber } from '@/domain/format';
import { DEFENCE_SERVICES, defenceWindow, mayReadDefence, extendedEnd, ReportMsg } from '@/domain/reports';
import { formatDateTime } from '@/domain/time';
import { Button } from '@/ui/button';
import { downloadCsv } from '@/ui/csv-download';
import { SimpleTable, type TableColumn } from '@/ui/detail-table';
import { InputField, SelectField } from '@/ui/fields';
import { ReportDialog } from '@/ui/report-dialog';
import { useSearchDialog } from '@/ui/search-screen';
import type { Filters, SearchResult } from '@/machines/ui/search.machine';
import { useActorPermissions, useServices } from '@/ui/session';
import { customerActionText } from '@/i18n/es-customer-actions';

const text = customerActionText.reports;

const columns = text.columns;
const ORDER_COLUMNS: TableColumn<DefenceRow>[] = [
  { header: columns.order, cell: (r) => r.orderId },
  { header: columns.origin, cell: (r) => r.originOrderId ?? '' },
  { header: columns.date, cell: (r) => formatDateTime(r.createdDate), className: 'whitespace-nowrap' },
  { header: columns.status, cell: (r) => r.status },
  { header: columns.total, cell: (r) => formatMoney(r.totalPrice, r.currency), className: 'whitespace-nowrap' },
  { header: columns.app, cell: (r) => r.appName ?? '' },
  { header: columns.gateway, cell: (r) => paymentSystemName(r.pasarela) },
  { header: columns.payment, cell: (r) => r.payment },
  { header: columns.email, cell: (r) => r.email ?? '' },
  { header: columns.ip, cell: (r) => r.ipOrigin ?? '' },
  { header: columns.device, cell: (r) => r.deviceId ?? '' },
  { header: columns.items, cell: (r) => r.items },
];
const moves = text.movementColumns;
const MOVEMENT_COLUMNS: TableColumn<BalanceMovement>[] = [
  { header: moves.date, cell: (m) => formatDateTime(m.date), className: 'whitespace-nowrap' },
  { header: moves.creditType, cell: (m) => m.creditType },
  { header: moves.trnType, cell: (m) => m.trnType },
  { header: moves.amount, cell: (m) => formatNumber(m.amount) },
  { header: moves.prev, cell: (m) => formatNumber(m.prevAmount) },
  { header: moves.final, cell: (m) => formatNumber(m.finalAmount) },
  { header: moves.description, cell: (m) => m.description },
];


const orderCells = (r: DefenceRow) => [r.orderId, r.originOrderId ?? '', formatDateTime(r.createdDate), r.status, formatMoney(r.totalPrice, r.currency), r.appName ?? '', paymentSystemName(r.pasarela), r.payment, r.email ?? '', r.ipOrigin ?? '', r.deviceId ?? '', r.items];
const movementCells = (m: BalanceMovement) => [formatDateTime(m.date), m.creditType, m.trnType, m.amount, m.prevAmount, m.finalAmount, m.description];

type DefenceForm = Record<'type' | 'pasarela' | 'star' | 'end' | 'orderCode', string>;
type DefenceResult = { kind: 'orders'; rows: DefenceRow[]; total: number; form: DefenceForm } | { kind: 'movements'; report: SaldoReport; form: DefenceForm };

/** Why the dialog's form cannot be searched: a balance movement needs its OrderCode, the orders their window (the contract's rules). */
const defenceRefusal = (accountId: number) => (f: Filters) =>
  f.type === 'BALANCE_MOVEMENT'
    ? (f.orderCode ?? '').trim() === '' ? ReportMsg.orderCode : null
    : ((r) => (r.ok ? null : r.message))(checkBody(DefenceQuery, { accountId: String(accountId), type: f.type, star: f.star, end: extendedEnd(f.end), pasarela: f.pasarela }));

/**
 * 'Reporte de defensa' (CRM7_DO_ACTION): the customer's orders of a service and gateway in a window
 * (four months back to the end of last month by default, 100 at most), or one order's balance
 * movements by its OrderCode; shown as a table and saved as CSV. A read: nothing changes. The
 * dialog runs on the search chart: its form is the chart's draft, its rules the chart's check.
 */
export function DefenceReport({ accountId }: { accountId: number }) {
  const services = useServices();
  const permissions = useActorPermissions();
  const [defaults] = useState<DefenceForm>(() => ({ type: 'ALL', pasarela: '', star: defenceWindow(Date.now()).start, end: defenceWindow(Date.now()).end, orderCode: '' }));
  const screen = useSearchDialog({
    defaults,
    check: defenceRefusal(accountId),
    load: async (query) => {
      const f = query as DefenceForm;
      if (f.type === 'BALANCE_MOVEMENT') {
        const report = await getBalanceReport(services.orders, accountId, f.orderCode.trim());
        return { elements: report.movements, totalElements: report.movements.length, countElements: report.movements.length, defence: { kind: 'movements', report, form: f } };
      }
      const page = await getDefenceReport(services.orders, { accountId, type: f.type, star: f.star, end: extendedEnd(f.end), pasarela: f.pasarela === '' ? null : Number(f.pasarela) });
      return { elements: page.elements, totalElements: page.totalElements, countElements: page.elements.length, defence: { kind: 'orders', rows: page.elements, total: page.totalElements, form: f } };
    },
  });
  if (!mayReadDefence(permissions)) return null;
  const form = screen.draft as DefenceForm;
  const result = (screen.status === 'results' || screen.status === 'empty') && screen.result ? (screen.result as SearchResult & { defence: DefenceResult }).defence : null;

  return (
    <ReportDialog
      openLabel={text.defence}
      title={text.defenceTitle}
      searchLabel={text.search}
      closeLabel={text.close}
      width="max-w-5xl"
      screen={screen}
      fieldsClassName="grid grid-cols-2 gap-3 md:grid-cols-4"
      fields={
        <>
          <SelectField id={`defence-${accountId}-service`} label={text.service} options={DEFENCE_SERVICES.map((s) => ({ value: s.code, label: s.label }))} {...screen.field('type')} />
          {form.type === 'BALANCE_MOVEMENT' ? (
            <InputField id={`defence-${accountId}-order`} label={text.orderCode} autoComplete="off" {...screen.field('orderCode')} />
          ) : (
            <>
              <SelectField id={`defence-${accountId}-gateway`} label={text.gateway} emptyLabel={text.anyGateway} options={PAYMENT_SYSTEMS.map((p) => ({ value: String(p.code), label: `${p.code} ${p.name}` }))} {...screen.field('pasarela')} />
              <InputField id={`defence-${accountId}-start`} type="date" label={text.start} {...screen.field('star')} />
              <InputField id={`defence-${accountId}-end`} type="date" label={text.end} {...screen.field('end')} />
            </>
          )}
        </>
      }
    >
      {result ? <DefenceTable accountId={accountId} result={result} /> : null}
    </ReportDialog>
  );
}

function DefenceTable({ accountId, result }: { accountId: number; result: DefenceResult }) {
  if (result.kind === 'movements') {
    const code = result.report.order.originOrderId ?? String(result.report.order.orderId);
    return (
      <div className="space-y-2">
        <Button variant="secondary" onClick={() => downloadCsv(`defensa-saldo-${code}.csv`, result.report.movements, MOVEMENT_COLUMNS, (m, i) => movementCells(m)[i]!)}>
          {text.download}
        </Button>
        <SimpleTable label={text.movementsLabel(code)} rows={result.report.movements} columns={MOVEMENT_COLUMNS} rowKey={(m) => `${m.date}-${m.description}-${m.amount}`} empty={text.noMovements} />
      </div>
    );
  }
  const { form } = result;
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3">
        <p className="text-sm text-slate-700">{text.total(result.rows.length, result.total)}</p>
        <Button variant="secondary" onClick={() => downloadCsv(`defensa-${form.type.toLowerCase()}-${accountId}-${form.star}-${form.end}.csv`, result.rows, ORDER_COLUMNS, (r, i) => orderCells(r)[i]!)}>
          {text.download}
        </Button>
      </div>
      <SimpleTable label={text.defenceLabel(accountId)} rows={result.rows} columns={ORDER_COLUMNS} rowKey={(r) => r.orderId} empty={text.noOrders} />
    </div>
  );
}
