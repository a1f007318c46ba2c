import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useServices } from '@/ui/session';
import { getChargeOrders } from '@/api/lists';
import { CHARGE_ORDER_STATUSES, PAYMENT_EXTRA_FILTERS, type ChargeOrderRow } from '@/api/contract/upg';
import { defaultWindow } from '@/domain/date-window';
import { APP_NAMES, gatewaysFor, paymentSystemName } from '@/domain/catalog';
import { orderStatusLabel } from '@/domain/order-status';
import { cardCaption, formatMoney } from '@/domain/format';
import { formatDateTime } from '@/domain/time';
import { PageHeader } from '@/ui/card';
import { InputField, SelectField } from '@/ui/fields';
import { DataGrid, type Column } from '@/ui/data-grid';
import { CustomerLink, OrderLink } from '@/ui/links';
import { pageParams } from '@/ui/search-logic';
import { SearchLayout, useSearchScreen, type SearchScreen, DateRangeFields } from '@/ui/search-screen';
import { listText } from '@/i18n/es-lists';
import { t } from '@/i18n/index';

const route = getRouteApi('/admin/payments');
const PAGE_SIZE = 20;

const COLUMNS: Column<ChargeOrderRow>[] = [
  { headerName: listText.payments.id, field: 'id', width: 100 },
  { headerName: listText.payments.orderCode, field: 'originOrderId', width: 140 },
  { headerName: listText.payments.order, cellRenderer: (p: { data: ChargeOrderRow }) => (p.data.orderId ? <OrderLink id={p.data.orderId} /> : null), width: 110 },
  { headerName: listText.userId, cellRenderer: (p: { data: ChargeOrderRow }) => <CustomerLink id={p.data.accountId} />, width: 110 },
  { headerName: listText.payments.app, field: 'appName', width: 120 },
  { headerName: listText.status, valueGetter: (p) => orderStatusLabel(p.data?.status ?? ''), width: 170 },
  { headerName: listText.payments.total, valueGetter: (p) => (p.data ? formatMoney(p.data.totalPrice, p.data.currency) : ''), width: 120 },
  { headerName: listText.payments.gateway, valueGetter: (p) => paymentSystemName(p.data?.pasarela), width: 140 },
  { headerName: listText.payments.card, valueGetter: (p) => (p.data?.firstSix ? cardCaption(p.data.firstSix, p.data.lastFour) : ''), width: 170 },
  { headerName: listText.email, field: 'email', width: 230 },
  { headerName: listText.date, valueGetter: (p) => formatDateTime(p.data?.createdDate), width: 150 },
];

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
  const services = useServices();
  const search = route.useSearch();
  const navigate = useNavigate();
  const [defaults] = useState(() => ({ ...defaultWindow('default', Date.now()), extraKind: PAYMENT_EXTRA_FILTERS[0].key }));
  const screen = useSearchScreen({
    search,
    navigate: (next) => void navigate({ to: '/admin/payments', search: next }),
    defaults,
    load: (query, page, signal) => getChargeOrders(services.upg, services.config.tenant, pageParams(query, page, PAGE_SIZE), signal),
  });
  return (
    <div>
      <PageHeader title={t.menu.payments} />
      <SearchLayout<ChargeOrderRow> screen={screen} pageSize={PAGE_SIZE} filters={<PaymentFilters screen={screen} />}>
        {(rows) => <DataGrid<ChargeOrderRow> label={listText.payments.label} rows={rows} columns={COLUMNS} getRowId={(r) => String(r.id)} csvName="pagos-upg.csv" />}
      </SearchLayout>
    </div>
  );
}
