import { useRef, useState, type FormEvent } from 'react';
import { checkBody } from '@/api/contract/check';
import { UpgDefenceQuery, UpgDefenceResponse, type UpgDefenceRow } from '@/api/contract/customer-reports';
import { call } from '@/api/http';
import type { Services } from '@/api/services';
import { paymentSystemName } from '@/domain/catalog';
import { orderStatusLabel } from '@/domain/order-status';
import { formatMoney } from '@/domain/format';
import { Permission } from '@/domain/permissions';
import { DEFENCE_PAGE_SIZE, defenceWindow, extendedEnd, isDay } from '@/domain/reports';
import { formatDateTime } from '@/domain/time';
import { Button } from '@/ui/button';
import { downloadCsv } from '@/ui/csv-download';
import { DetailTabView, useDetailTab } from '@/ui/detail-tab';
import { PagedTable, type TableColumn } from '@/ui/detail-table';
import { Dialog } from '@/ui/dialog';
import { InputField } from '@/ui/fields';
import { useActorPermissions, useServices } from '@/ui/session';
import { chargeText } from '@/i18n/es-charge-order';

const text = chargeText.defence;

/** A page of the company's defence report (the end sent as the day after the last one). */
async function getUpgDefence(services: Services, window: { start: string; end: string }, page: number) {
  const searchParams = { startDate: window.start, endDate: extendedEnd(window.end), page: String(page), size: String(DEFENCE_PAGE_SIZE) };
  return (await call(services.upg, (k) => k.get(`${encodeURIComponent(services.config.tenant)}/generate/reports-chb`, { searchParams }), UpgDefenceResponse)).data;
}

const cells = (r: UpgDefenceRow) => [r.id, r.originOrderId, r.accountId, formatDateTime(r.createdDate), r.refundedAt ? `${orderStatusLabel(r.status)} · ${text.refunded}` : orderStatusLabel(r.status), formatMoney(r.totalPrice, r.currency), r.appName, paymentSystemName(r.pasarela), r.card, r.email ?? '', r.transactions];
const COLUMNS: TableColumn<UpgDefenceRow>[] = text.columns.map((header, i) => ({ header, cell: (r: UpgDefenceRow) => cells(r)[i]! }));

/**
 * 'Reporte de defensa' of the payment gateway (GET /upg/api/crm/{tenant}/generate/reports-chb):
 * the company's charge orders of a window (by default four months back to the end of last month)
 * with their transactions, 100 per page, each page saved as CSV. Support work (CRM7_DO_ACTION).
 */
export function UpgDefenceReport() {
  const services = useServices();
  const permissions = useActorPermissions();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(() => defenceWindow(Date.now()));
  const [invalid, setInvalid] = useState<string | null>(null);
  const [searched, setSearched] = useState(false);
  const asked = useRef({ window: form, page: 0 });
  const report = useDetailTab(async () => ({ ...asked.current, data: await getUpgDefence(services, asked.current.window, asked.current.page) }));
  if (!permissions.includes(Permission.DO_ACTION)) return null;

  const search = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBody(UpgDefenceQuery, { startDate: form.start, endDate: isDay(form.end) ? extendedEnd(form.end) : form.end });
    setInvalid(checked.ok ? null : checked.message);
    if (!checked.ok) return;
    asked.current = { window: form, page: 0 };
    setSearched(true);
    report.refresh();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {text.open}
      </Button>
      <Dialog open={open} title={text.title} onClose={() => setOpen(false)} className="max-w-6xl">
        <form onSubmit={search} noValidate className="flex flex-wrap items-end gap-3">
          <InputField id="upg-defence-start" type="date" label={text.start} value={form.start} onChange={(e) => setForm((f) => ({ ...f, start: e.target.value }))} />
          <InputField id="upg-defence-end" type="date" label={text.end} value={form.end} onChange={(e) => setForm((f) => ({ ...f, end: e.target.value }))} />
          <Button type="submit">{text.search}</Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {text.close}
          </Button>
        </form>
        {invalid ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {invalid}
          </p>
        ) : null}
        {searched ? (
          <div className="mt-4 space-y-2">
            <DetailTabView tab={report}>
              {({ window, page, data }) => (
                <>
                  <Button variant="secondary" onClick={() => downloadCsv(`defensa-upg-${window.start}-${window.end}-${page + 1}.csv`, data.elements, COLUMNS, (r, i) => cells(r)[i]!)}>
                    {text.download}
                  </Button>
                  <PagedTable
                    label={text.label(window.start, window.end)}
                    rows={data.elements}
                    columns={COLUMNS}
                    rowKey={(r) => r.id}
                    empty={text.empty}
                    page={page}
                    size={DEFENCE_PAGE_SIZE}
                    total={data.totalElements}
                    onPage={(next) => {
                      asked.current = { window, page: next };
                      report.refresh();
                    }}
                  />
                </>
              )}
            </DetailTabView>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
