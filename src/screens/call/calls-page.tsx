import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useServices } from '@/ui/session';
import { getCalls } from '@/api/lists';
import type { CallRow } from '@/api/contract/calls';
import { defaultWindow } from '@/domain/date-window';
import { TERMINATE_CAUSES, terminateCauseLabel } from '@/domain/calls';
import { formatNumber, formatSessionTime } from '@/domain/format';
import { formatDateTime } from '@/domain/time';
import { PageHeader } from '@/ui/card';
import { InputField, SelectField } from '@/ui/fields';
import { DataGrid, type Column } from '@/ui/data-grid';
import { CustomerLink } from '@/ui/links';
import { SearchLayout, useSearchScreen, type SearchScreen, DateRangeFields } from '@/ui/search-screen';
import { listText } from '@/i18n/es-lists';
import { t } from '@/i18n/index';

const route = getRouteApi('/admin/calls');
const PAGE_SIZE = 20;

const COLUMNS: Column<CallRow>[] = [
  { headerName: 'Id', field: 'id', width: 100 },
  { headerName: listText.userId, cellRenderer: (p: { data: CallRow }) => <CustomerLink id={p.data.accountId} />, width: 110 },
  { headerName: listText.calls.src, field: 'src', width: 150 },
  { headerName: listText.calls.phone, field: 'calledStation', width: 150 },
  { headerName: listText.calls.start, valueGetter: (p) => formatDateTime(p.data?.starTime), width: 150 },
  { headerName: listText.calls.duration, valueGetter: (p) => formatSessionTime(p.data?.sessionTime), width: 110 },
  { headerName: listText.calls.bill, valueGetter: (p) => (p.data ? formatNumber(p.data.sessionBill) : ''), width: 100 },
  { headerName: listText.calls.cause, valueGetter: (p) => terminateCauseLabel(p.data?.terminateCauseId), width: 130 },
  { headerName: listText.calls.freeMinutes, field: 'minFree', width: 110 },
  { headerName: listText.calls.nas, field: 'nasIpAddress', width: 140 },
  { headerName: listText.calls.trunk, field: 'idTrunk', width: 100 },
];

const CAUSE_OPTIONS = [...new Map(TERMINATE_CAUSES.map((c) => [c.code, c])).values()].map((c) => ({ value: String(c.code), label: `${c.code} · ${c.label}` }));

function CallFilters({ screen }: { screen: SearchScreen }) {
  const { field } = screen;
  return (
    <>
      <InputField id="e164" label={listText.calls.phone} inputMode="tel" {...field('e164')} />
      <InputField id="accountId" label={listText.userId} inputMode="numeric" {...field('accountId')} />
      <InputField id="src" label={listText.calls.src} inputMode="tel" {...field('src')} />
      <SelectField id="terminateCauseId" label={listText.calls.cause} options={CAUSE_OPTIONS} emptyLabel={listText.all} {...field('terminateCauseId')} />
      <DateRangeFields screen={screen} />
    </>
  );
}

/** Llamadas: 20 per page, session time as h:mm:ss; a reset goes 90 days back (spec §5). */
export function CallsPage() {
  const services = useServices();
  const search = route.useSearch();
  const navigate = useNavigate();
  const [defaults] = useState(() => defaultWindow('calls', Date.now()));
  const [resetTo] = useState(() => defaultWindow('calls', Date.now(), true));
  const screen = useSearchScreen({
    search,
    navigate: (next) => void navigate({ to: '/admin/calls', search: next }),
    defaults,
    resetTo,
    load: (query, page, signal) => getCalls(services.users, { ...query, page: String(page), size: String(PAGE_SIZE) }, signal),
  });
  return (
    <div>
      <PageHeader title={t.menu.calls} />
      <SearchLayout<CallRow> screen={screen} pageSize={PAGE_SIZE} filters={<CallFilters screen={screen} />}>
        {(rows) => <DataGrid<CallRow> label={listText.calls.label} rows={rows} columns={COLUMNS} getRowId={(r) => String(r.id)} csvName="llamadas.csv" />}
      </SearchLayout>
    </div>
  );
}
