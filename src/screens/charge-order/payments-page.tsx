import { lazy, Suspense } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { CHARGE_ORDER_STATUSES, PAYMENT_EXTRA_FILTERS, type ChargeOrderRow } from '@/api/contract/upg';
import { APP_NAMES, gatewaysFor, paymentSystemName } from '@/domain/catalog';
import { chargeStatusLabel, orderStatusLabel } from '@/domain/order-status';
import { cardCaption, formatMoney } from '@/domain/format';
import { formatDateTime } from '@/domain/time';
import { PageHeader } from '@/ui/card';
import { InputField, SelectField } from '@/ui/fields';
import { DetailFrame, ExpandableGrid, type Column, type ExpandableRow } from '@/ui/expandable-grid';
import { CustomerLink, OrderLink } from '@/ui/links';
import { SearchLayout, useSearchScreen, type SearchScreen, DateRangeFields } from '@/ui/search-screen';
import { listText } from '@/i18n/es-lists';
import { t } from '@/i18n/index';

const route = getRouteApi('/admin/payments');

type Row = ExpandableRow<ChargeOrderRow>;
const COLUMNS: Column<Row>[] = [
  { headerName: listText.payments.id, valueGetter: (p) => p.data?.row.id, width: 100 },
  { headerName: listText.payments.orderCode, valueGetter: (p) => p.data?.row.originOrderId, width: 140 },
  { headerName: listText.payments.order, cellRenderer: (p: { data: Row }) => (p.data.row.orderId ? <OrderLink id={p.data.row.orderId} /> : null), width: 110 },
  { headerName: listText.userId, cellRenderer: (p: { data: Row }) => <CustomerLink id={p.data.row.accountId} />, width: 110 },
  { headerName: listText.payments.app, valueGetter: (p) => p.data?.row.appName, width: 120 },
  { headerName: listText.status, valueGetter: (p) => (p.data ? chargeStatusLabel(p.data.row) : ''), width: 170 },
  { headerName: listText.payments.total, valueGetter: (p) => (p.data ? formatMoney(p.data.row.totalPrice, p.data.row.currency) : ''), width: 120 },
  { headerName: listText.payments.gateway, valueGetter: (p) => paymentSystemName(p.data?.row.pasarela), width: 140 },
  { headerName: listText.payments.card, valueGetter: (p) => (p.data?.row.firstSix ? cardCaption(p.data.row.firstSix, p.data.row.lastFour) : ''), width: 170 },
  { headerName: listText.email, valueGetter: (p) => p.data?.row.email, width: 230 },
  { headerName: listText.date, valueGetter: (p) => formatDateTime(p.data?.row.createdDate), width: 150 },
];

// The charge-order detail loads when the first row is opened: the list stays within its budget.
const ChargeDetail = lazy(async () => ({ default: (await import('@/features/charge-order/charge-detail')).ChargeDetail }));
// The gateway's defence report loads beside the title (its dialog and contract are not the list's).
const UpgDefenceReport = lazy(async () => ({ default: (await import('@/features/charge-order/upg-defence')).UpgDefenceReport }));
const idOf = (c: ChargeOrderRow) => c.id;
const toggleLabel = (c: ChargeOrderRow, expanded: boolean) => `${expanded ? listText.payments.collapse : listText.payments.expand} ${c.id}`;

/** A charge order opened in the list: its detail, scrolled inside the row (the row keeps its place). */
const detailOf = (charge: ChargeOrderRow) => (
  <DetailFrame>
    <ChargeDetail row={charge} />
  </DetailFrame>
);

const STATUS_OPTIONS = CHARGE_ORDER_STATUSES.map((s) => ({ value: s, label: orderStatusLabel(s) }));
const APP_OPTIONS = APP_NAMES.map((a) => ({ value: a, label: a }));
const EXTRA_OPTIONS = PAYMENT_EXTRA_FILTERS.map((f) => ({ value: f.key, label: f.label }));

function PaymentFilters({ screen }: { screen: SearchScreen }) {
  const { field } = screen;
  // The gateways offered depend on the app chosen (spec §9).
  const gateways = gatewaysFor(screen.draft.appName).map((code) => ({ value: String(code), label: `${code} · ${paymentSystemName(code)}` }));
  return (
    <>
      <InputField id="originOrderId" label={listText.payments.orderCode} {...field('originOrderId')} />
      <InputField id="accountId" label={listText.userId} inputMode="numeric" {...field('accountId')} />
      <SelectField id="appName" label={listText.payments.app} options={APP_OPTIONS} emptyLabel={listText.all} {...field('appName')} />
      <SelectField id="status" label={listText.status} options={STATUS_OPTIONS} emptyLabel={listText.all} {...field('status')} />
      <SelectField id="pasarela" label={listText.payments.gateway} options={gateways} emptyLabel={listText.all} {...field('pasarela')} />
      <DateRangeFields screen={screen} />
      <SelectField id="extraKind" label={listText.payments.extraKind} options={EXTRA_OPTIONS} {...field('extraKind')} />
      <InputField id="extraValue" label={listText.payments.extraValue} {...field('extraValue')} />
    </>
  );
}

/** Pagos UPG: the payment gateway's charge orders of the company, 20 per page. */
export function PaymentsPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  // The route's loader asked for the first page as the navigation started (src/routing/route-frame.tsx): the chart's first load takes it.
  const { defaults, read, pageSize } = route.useLoaderData();
  const screen = useSearchScreen({
    search,
    navigate: (next) => void navigate({ to: '/admin/payments', search: next }),
    defaults,
    load: read,
  });
  return (
    <div>
      <PageHeader title={t.menu.payments}>
        <Suspense fallback={null}>
          <UpgDefenceReport />
        </Suspense>
      </PageHeader>
      <SearchLayout<ChargeOrderRow> screen={screen} pageSize={pageSize} filters={<PaymentFilters screen={screen} />}>
        {(rows) => <ExpandableGrid<ChargeOrderRow> label={listText.payments.label} rows={rows} columns={COLUMNS} idOf={idOf} toggleLabel={toggleLabel} csvName="pagos-upg.csv" detail={detailOf} detailHeight={560} />}
      </SearchLayout>
    </div>
  );
}
