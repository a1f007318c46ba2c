import { useState, type FormEvent } from 'react';
import { checkBody } from '@/api/contract/check';
import { UpgDefenceQuery, UpgDefenceResponse, type UpgDefenceRow } from '@/api/contract/customer-reports';
import { call } from '@/api/http';
import type { Services } from '@/api/services';
import { paymentSystemName } from '@/domain/catalog';
import { orderStatusLabel } from '@/domain/order-status';
import { formatMoney } from '@/domain/format';
import { DEFENCE_PAGE_SIZE, defenceWindow, extendedEnd, mayReadDefence } from '@/domain/reports';
import { formatDateTime } from '@/domain/time';
import { Button } from '@/ui/button';
import { downloadCsv } from '@/ui/csv-download';
import { PagedTable, type TableColumn } from '@/ui/detail-table';
import { Dialog } from '@/ui/dialog';
import { InputField } from '@/ui/fields';
import { DialogSearchState, useSearchDialog } from '@/ui/search-screen';
import type { Filters, SearchResult } from '@/machines/ui/search.machine';
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

/** Why a window cannot be searched (the contract's rules: both days, in order, at most the span allowed). */
const windowRefusal = (f: Filters) => ((r) => (r.ok ? null : r.message))(checkBody(UpgDefenceQuery, { startDate: f.start, endDate: extendedEnd(f.end) }));

type Found = SearchResult & { window: { start: string; end: string }; page: number; rows: UpgDefenceRow[] };

/**
 * 'Reporte de defensa' of the payment gateway (GET /upg/api/crm/{tenant}/generate/reports-chb):
 * the company's charge orders of a window (by default four months back to the end of last month)
 * with their transactions, 100 per page, each page saved as CSV. Support work (CRM7_DO_ACTION).
 * The dialog runs on the search chart: the window is its draft, a page its page.
 */
export function UpgDefenceReport() {
  const services = useServices();
  const permissions = useActorPermissions();
  const [open, setOpen] = useState(false);
  const [defaults] = useState(() => defenceWindow(Date.now()));
  const screen = useSearchDialog({
    defaults,
    check: windowRefusal,
    load: async (query, page): Promise<Found> => {
      const window = { start: query.start!, end: query.end! };
      const data = await getUpgDefence(services, window, page);
      return { elements: data.elements, totalElements: data.totalElements, countElements: data.elements.length, window, page, rows: data.elements };
    },
  });
  if (!mayReadDefence(permissions)) return null;
  const search = (event: FormEvent) => {
    event.preventDefault();
    screen.submit();
  };
  const found = (screen.status === 'results' || screen.status === 'empty') && screen.result ? (screen.result as Found) : null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {text.open}
      </Button>
      <Dialog open={open} title={text.title} onClose={() => setOpen(false)} className="max-w-6xl">
        <form onSubmit={search} noValidate className="flex flex-wrap items-end gap-3">
          <InputField id="upg-defence-start" type="date" label={text.start} {...screen.field('start')} />
          <InputField id="upg-defence-end" type="date" label={text.end} {...screen.field('end')} />
          <Button type="submit">{text.search}</Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {text.close}
          </Button>
        </form>
        {screen.status === 'invalid' && screen.invalid ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {screen.invalid}
          </p>
        ) : null}
        <div className="mt-4 space-y-2">
          <DialogSearchState screen={screen}>
            {found ? (
              <>
                <Button variant="secondary" onClick={() => downloadCsv(`defensa-upg-${found.window.start}-${found.window.end}-${found.page + 1}.csv`, found.rows, COLUMNS, (r, i) => cells(r)[i]!)}>
                  {text.download}
                </Button>
                <PagedTable
                  label={text.label(found.window.start, found.window.end)}
                  rows={found.rows}
                  columns={COLUMNS}
                  rowKey={(r) => r.id}
                  empty={text.empty}
                  page={found.page}
                  size={DEFENCE_PAGE_SIZE}
                  total={found.totalElements}
                  onPage={screen.goTo}
                />
              </>
            ) : null}
          </DialogSearchState>
        </div>
      </Dialog>
    </>
  );
}
