import { lazy, useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { CallRow } from '@/api/contract/calls';
import { defaultWindow } from '@/domain/date-window';
import { TERMINATE_CAUSES, terminateCauseLabel } from '@/domain/calls';
import { formatNumber, formatSessionTime } from '@/domain/format';
import { formatDateTime } from '@/domain/time';
import { PageHeader } from '@/ui/card';
import { InputField, SelectField } from '@/ui/fields';
import { DetailFrame, ExpandableGrid, type Column, type ExpandableRow } from '@/ui/expandable-grid';
import { CustomerLink } from '@/ui/links';
import { SearchLayout, useSearchScreen, type SearchScreen, DateRangeFields } from '@/ui/search-screen';
import { listText } from '@/i18n/es-lists';
import { t } from '@/i18n/index';

const route = getRouteApi('/admin/calls');

const COLUMNS: Column<ExpandableRow<CallRow>>[] = [
  { headerName: 'Id', valueGetter: (p) => p.data?.row.id, width: 100 },
  { headerName: listText.userId, cellRenderer: (p: { data: ExpandableRow<CallRow> }) => <CustomerLink id={p.data.row.accountId} />, width: 110 },
  { headerName: listText.calls.src, valueGetter: (p) => p.data?.row.src, width: 150 },
  { headerName: listText.calls.phone, valueGetter: (p) => p.data?.row.calledStation, width: 150 },
  { headerName: listText.calls.start, valueGetter: (p) => formatDateTime(p.data?.row.starTime), width: 150 },
  { headerName: listText.calls.duration, valueGetter: (p) => formatSessionTime(p.data?.row.sessionTime), width: 110 },
  { headerName: listText.calls.bill, valueGetter: (p) => (p.data ? formatNumber(p.data.row.sessionBill) : ''), width: 100 },
  { headerName: listText.calls.returned, valueGetter: (p) => (p.data ? formatNumber(p.data.row.returnedValue) : ''), width: 100 },
  { headerName: listText.calls.cause, valueGetter: (p) => terminateCauseLabel(p.data?.row.terminateCauseId), width: 130 },
  { headerName: listText.calls.freeMinutes, valueGetter: (p) => p.data?.row.minFree, width: 110 },
  { headerName: listText.calls.nas, valueGetter: (p) => p.data?.row.nasIpAddress, width: 140 },
  { headerName: listText.calls.trunk, valueGetter: (p) => p.data?.row.idTrunk, width: 100 },
];

// The call detail loads when the first row is opened: the list stays within its budget.
const CallDetail = lazy(async () => ({ default: (await import('@/features/call/call-detail')).CallDetail }));
const idOf = (c: CallRow) => c.id;
const toggleLabel = (c: CallRow, expanded: boolean) => `${expanded ? listText.calls.collapse : listText.calls.expand} ${c.id}`;

/** A call opened in the list: its detail, scrolled inside the row. */
const detailOf = (call: CallRow) => (
  <DetailFrame>
    <CallDetail call={call} />
  </DetailFrame>
);

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

/** Llamadas: 20 per page, session time as h:mm:ss; a reset goes 90 days back (spec §5); a row opens its call detail. */
export function CallsPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  // The route's loader asked for the first page as the navigation started (src/routing/route-frame.tsx): the chart's first load takes it.
  const { defaults, read, pageSize } = route.useLoaderData();
  const [resetTo] = useState(() => defaultWindow('calls', Date.now(), true));
  const screen = useSearchScreen({
    search,
    navigate: (next) => void navigate({ to: '/admin/calls', search: next }),
    defaults,
    resetTo,
    load: read,
  });
  return (
    <div>
      <PageHeader title={t.menu.calls} />
      <SearchLayout<CallRow> screen={screen} pageSize={pageSize} filters={<CallFilters screen={screen} />}>
        {(rows) => <ExpandableGrid<CallRow> label={listText.calls.label} rows={rows} columns={COLUMNS} idOf={idOf} toggleLabel={toggleLabel} csvName="llamadas.csv" detail={detailOf} detailHeight={520} />}
      </SearchLayout>
    </div>
  );
}
