import { useId } from 'react';
import { useServices } from '@/ui/session';
import type { ServiceClient } from '@/api/http';
import { getOrders } from '@/api/lists';
import type { OrderRow } from '@/api/contract/order-lists';
import { addDays, DAY_FORMAT, normalizeWindow, todayText, type DateWindow } from '@/domain/date-window';
import { orderStatusLabel } from '@/domain/order-status';
import { DATE_FORMAT, dayjs, formatDateTime } from '@/domain/time';
import type { Filters, SearchResult } from '@/machines/ui/search.machine';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { DialogSearchState, useSearchDialog } from '@/ui/search-screen';
import { SimpleTable, type TableColumn } from '@/ui/detail-table';
import { InputField } from '@/ui/fields';
import { CustomerLink, OrderLink } from '@/ui/links';
import { orderText } from '@/i18n/es-order';
import { formatMoney } from '@/domain/format';

/** Spec details §7: the item search looks about 20 days back and 1 day ahead. */
const DAYS_BACK = 20;

export function foiWindow(now: number): DateWindow {
  const today = todayText(now);
  return normalizeWindow(
    { startDate: addDays(today, -DAYS_BACK), endDate: addDays(today, 1) },
    'default',
    now,
  );
}

/** The orders holding the item, with the window they were searched in. */
interface FoiResult extends SearchResult {
  window: DateWindow;
  elements: OrderRow[];
}

/** The form: the item id typed. */
const FOI_DEFAULTS: Filters = { foiId: '' };

/** Why an item id cannot be searched: it is a number of at most 12 digits. */
const foiRefusal = (filters: Filters) => (/^\d{1,12}$/.test((filters.foiId ?? '').trim()) ? null : orderText.foi.invalid);

async function searchByFoi(orders: ServiceClient, foiId: string): Promise<FoiResult> {
  const window = foiWindow(Date.now());
  const page = await getOrders(orders, {
    foiId: foiId.trim(),
    startDate: window.startDate ?? '',
    endDate: window.endDate,
    sort: 'createdDate,desc',
    page: '0',
    size: '15',
  });
  return { window, elements: page.elements, totalElements: page.elements.length, countElements: page.elements.length };
}

const day = (text: string | null) => (text ? dayjs(text, DAY_FORMAT).format(DATE_FORMAT) : '');

const COLUMNS: TableColumn<OrderRow>[] = [
  { header: orderText.panel.order, cell: (o) => <OrderLink id={o.id} /> },
  { header: orderText.panel.date, cell: (o) => formatDateTime(o.createdDate), className: 'whitespace-nowrap' },
  { header: orderText.panel.customer, cell: (o) => <CustomerLink id={o.accountId} /> },
  { header: orderText.panel.status, cell: (o) => orderStatusLabel(o.status) },
  { header: orderText.panel.total, cell: (o) => formatMoney(o.totalPrice, o.currency), className: 'whitespace-nowrap' },
];

/**
 * The fulfilment-item panel: the orders holding an item id, each opening its order page. The form
 * is the search chart's draft, its refusal the chart's `invalid`, the id searched its query.
 */
export function FoiSearch() {
  const services = useServices();
  const fieldId = useId();
  const errorId = useId();
  const search = useSearchDialog({ defaults: FOI_DEFAULTS, check: foiRefusal, load: (query) => searchByFoi(services.orders, query.foiId ?? '') });
  const { invalid } = search;
  const found = (search.status === 'results' || search.status === 'empty') && search.result ? (search.result as FoiResult) : null;
  return (
    <Card title={orderText.foi.title}>
      <form
        role="search"
        aria-label={orderText.foi.title}
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          search.submit();
        }}
      >
        <InputField
          id={fieldId}
          label={orderText.foi.label}
          inputMode="numeric"
          {...search.field('foiId')}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? errorId : undefined}
          className="w-48"
        />
        <Button type="submit" variant="secondary" disabled={search.status === 'loading'}>
          {orderText.foi.submit}
        </Button>
      </form>
      {invalid ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {invalid}
        </p>
      ) : null}
      {search.status === 'editing' || search.status === 'invalid' ? null : (
        <div className="mt-3">
          <DialogSearchState screen={search}>
            {found ? (
              <div className="space-y-2">
                <p className="text-xs text-slate-600">{orderText.foi.window(day(found.window.startDate), day(found.window.endDate))}</p>
                <SimpleTable label={orderText.foi.results} rows={found.elements} columns={COLUMNS} rowKey={(o) => o.id} empty={orderText.empty} />
              </div>
            ) : null}
          </DialogSearchState>
        </div>
      )}
    </Card>
  );
}
