import { useState } from 'react';
import { checkBody } from '@/api/contract/check';
import { UpgDefenceQuery, type UpgDefenceRow } from '@/api/contract/customer-reports';
import { getUpgDefence } from '@/api/charge-order';
import { paymentSystemName } from '@/domain/catalog';
import { orderStatusLabel } from '@/domain/order-status';
import { formatMoney } from '@/domain/format';
import { DEFENCE_PAGE_SIZE, defenceWindow, extendedEnd, mayReadDefence } from '@/domain/reports';
import { formatDateTime } from '@/domain/time';
import { Button } from '@/ui/button';
import { downloadCsv } from '@/ui/csv-download';
import { PagedTable, type TableColumn } from '@/ui/detail-table';
import { InputField } from '@/ui/fields';
import { ReportDialog } from '@/ui/report-dialog';
import { useSearchDialog } from '@/ui/search-screen';
import type { Filters, SearchResult } from '@/machines/ui/search.machine';
import { useActorPermissions, useServices } from '@/ui/session';
import { chargeText } from '@/i18n/es-charge-order';

const text = chargeText.defence;

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
  const [defaults] = useState(() => defenceWindow(Date.now()));
  const screen = useSearchDialog({
    defaults,
    check: windowRefusal,
    load: async (query, page): Promise<Found> => {
      const window = { start: query.start!, end: query.end! };
      const data = await getUpgDefence(services.upg, services.config.tenant, { start: window.start, end: extendedEnd(window.end) }, page);
      return { elements: data.elements, totalElements: data.totalElements, countElements: data.elements.length, window, page, rows: data.elements };
    },
  });
  if (!mayReadDefence(permissions)) return null;
  const found = (screen.status === 'results' || screen.status === 'empty') && screen.result ? (screen.result as Found) : null;
  return (
    <ReportDialog
      openLabel={text.open}
      title={text.title}
      searchLabel={text.search}
      closeLabel={text.close}
      width="max-w-6xl"
      screen={screen}
      fieldsClassName="flex flex-wrap items-end gap-3"
      fields={
        <>
          <InputField id="upg-defence-start" type="date" label={text.start} {...screen.field('start')} />
          <InputField id="upg-defence-end" type="date" label={text.end} {...screen.field('end')} />
        </>
      }
    >
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
    </ReportDialog>
  );
}
