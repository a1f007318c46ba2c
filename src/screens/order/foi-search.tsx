import { useId, useState } from 'react';
import { useServices } from '@/ui/session';
import type { ServiceClient } from '@/api/http';
import { getOrders } from '@/api/lists';
import type { OrderRow } from '@/api/contract/order-lists';
import { addDays, DAY_FORMAT, normalizeWindow, todayText, type DateWindow } from '@/domain/date-window';
import { orderStatusLabel } from '@/domain/order-status';
import { DATE_FORMAT, dayjs, formatDateTime } from '@/domain/time';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { DetailTabView, useDetailTab } from '@/ui/detail-tab';
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

interface FoiResult {
  window: DateWindow;
  orders: OrderRow[];
}

async function searchByFoi(orders: ServiceClient, foiId: string): Promise<FoiResult> {
  const window = foiWindow(Date.now());
  const page = await getOrders(orders, {
    foiId,
    startDate: window.startDate ?? '',
    endDate: window.endDate,
    sort: 'createdDate,desc',
    page: '0',
    size: '15',
  });
  return { window, orders: page.elements };
}

const day = (text: string | null) => (text ? dayjs(text, DAY_FORMAT).format(DATE_FORMAT) : '');

const COLUMNS: TableColumn<OrderRow>[] = [
  { header: orderText.panel.order, cell: (o) => <OrderLink id={o.id} /> },
  { header: orderText.panel.date, cell: (o) => formatDateTime(o.createdDate), className: 'whitespace-nowrap' },
  { header: orderText.panel.customer, cell: (o) => <CustomerLink id={o.accountId} /> },
  { header: orderText.panel.status, cell: (o) => orderStatusLabel(o.status) },
  { header: orderText.panel.total, cell: (o) => formatMoney(o.totalPrice, o.currency), className: 'whitespace-nowrap' },
];

/** The fulfilment-item panel: the orders holding an item id, each opening its order page. */
export function FoiSearch() {
  const services = useServices();
  const fieldId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  // The id being searched is the tab's query.
  const search = useDetailTab(({ query }) => searchByFoi(services.orders, query), { query: '' });
  return (
    <Card title={orderText.foi.title}>
      <form
        role="search"
        aria-label={orderText.foi.title}
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const value = text.trim();
          if (!/^\d{1,12}$/.test(value)) {
            setInvalid(orderText.foi.invalid);
            return;
          }
          setInvalid(null);
          search.filter(value);
        }}
      >
        <InputField
          id={fieldId}
          label={orderText.foi.label}
          inputMode="numeric"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? errorId : undefined}
          className="w-48"
        />
        <Button type="submit" variant="secondary" disabled={search.state === 'loading'}>
          {orderText.foi.submit}
        </Button>
      </form>
      {invalid ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {invalid}
        </p>
      ) : null}
      {search.state === 'idle' ? null : (
        <div className="mt-3">
          <DetailTabView tab={search}>
            {(result) => (
              <div className="space-y-2">
                <p className="text-xs text-slate-600">{orderText.foi.window(day(result.window.startDate), day(result.window.endDate))}</p>
                <SimpleTable label={orderText.foi.results} rows={result.orders} columns={COLUMNS} rowKey={(o) => o.id} empty={orderText.empty} />
              </div>
            )}
          </DetailTabView>
        </div>
      )}
    </Card>
  );
}
