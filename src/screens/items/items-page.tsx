import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ItemRow } from '@/api/contract/order-lists';
import { PRODUCT_TYPES, productStatusLabel, productStatusOptions } from '@/domain/products';
import { formatDateTime } from '@/domain/time';
import { PageHeader } from '@/ui/card';
import { InputField, SelectField } from '@/ui/fields';
import { DataGrid, type Column } from '@/ui/data-grid';
import { CustomerLink, OrderLink } from '@/ui/links';
import { SearchLayout, useSearchScreen, type SearchScreen, DateRangeFields } from '@/ui/search-screen';
import { listText } from '@/i18n/es-lists';
import { t } from '@/i18n';
import { formatMoney } from '@/domain/format';

const route = getRouteApi('/admin/items');

const COLUMNS: Column<ItemRow>[] = [
  { headerName: listText.items.foiId, field: 'foiId', width: 110 },
  { headerName: listText.items.orderId, cellRenderer: (p: { data: ItemRow }) => <OrderLink id={p.data.orderId} />, width: 110 },
  { headerName: listText.userId, cellRenderer: (p: { data: ItemRow }) => <CustomerLink id={p.data.accountId} />, width: 110 },
  { headerName: listText.items.destination, field: 'destination', width: 220 },
  { headerName: listText.items.product, field: 'productType', width: 190 },
  { headerName: listText.items.status, valueGetter: (p) => (p.data ? productStatusLabel(p.data.productType, p.data.productStatus) : ''), width: 160 },
  // The amount charged is in the order's currency; the destination's currency is its own column.
  { headerName: listText.items.amount, valueGetter: (p) => (p.data ? formatMoney(p.data.amount, p.data.chargedCurrency) : ''), width: 120 },
  { headerName: listText.items.currency, valueGetter: (p) => p.data?.currency ?? '', width: 110 },
  { headerName: listText.date, valueGetter: (p) => formatDateTime(p.data?.createdDate), width: 150 },
];

function ItemFilters({ screen }: { screen: SearchScreen }) {
  const { field } = screen;
  return (
    <>
      <InputField id="foiId" label={listText.items.foiId} inputMode="numeric" {...field('foiId')} />
      <InputField id="accountId" label={listText.userId} inputMode="numeric" {...field('accountId')} />
      <InputField id="destination" label={listText.items.destination} {...field('destination')} />
      <SelectField id="productStatus" label={listText.items.status} options={productStatusOptions(screen.draft.productType || null)} emptyLabel={listText.all} {...field('productStatus')} />
      <SelectField id="productType" label={listText.items.product} options={PRODUCT_TYPES.map((p) => ({ value: p, label: p }))} emptyLabel={listText.all} {...field('productType')} />
      <DateRangeFields screen={screen} />
    </>
  );
}

/** Items: the fulfilment items, 20 per page, with each product's own status labels. */
export function ItemsPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  // The route's loader asked for the first page as the navigation started (src/routing/route-frame.tsx): the chart's first load takes it.
  const { defaults, read, pageSize } = route.useLoaderData();
  const screen = useSearchScreen({
    search,
    navigate: (next) => void navigate({ to: '/admin/items', search: next }),
    defaults,
    load: read,
  });
  return (
    <div>
      <PageHeader title={t.menu.items} />
      <SearchLayout<ItemRow> screen={screen} pageSize={pageSize} filters={<ItemFilters screen={screen} />}>
        {(rows) => <DataGrid<ItemRow> label={listText.items.label} rows={rows} columns={COLUMNS} getRowId={(r) => String(r.foiId)} csvName="items.csv" />}
      </SearchLayout>
    </div>
  );
}
