import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ChartGraph, Transition, TransitionFilters } from '@/api/contract/transitions';
import { exportTransitions, getChartGraph, getCharts, getTransitions } from '@/api/transitions';
import { errorMessage } from '@/api/http';
import { fileExportMachine } from '@/machines/ui/file-export.machine';
import { TRANSITIONS_PAGE_SIZE } from '@/domain/transitions';
import { formatCount } from '@/domain/format';
import { formatDateTime, DATE_TIME_SECONDS_FORMAT } from '@/domain/time';
import { useServices } from '@/ui/session';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { DetailSection, PagedTable, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { InputField, SelectField } from '@/ui/fields';
import { Button } from '@/ui/button';
import { PageHeader } from '@/ui/card';
import { NewTabLink, customerHref, orderHref } from '@/ui/links';
import { saveFile } from '@/ui/csv-download';
import { notify } from '@/ui/toast';
import { Spinner } from '@/ui/spinner';
import { auditText as text } from '@/i18n/es-audit';
import { edgeLabel, layoutChart } from './statechart-layout';

const route = getRouteApi('/admin/transitions-audit');
const StatechartCanvas = lazy(async () => ({ default: (await import('./statechart-canvas')).StatechartCanvas }));

const FILTER_KEYS = ['chart', 'entityId', 'actor', 'event', 'startDate', 'endDate'] as const;
type Filters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

function DocumentLink({ t }: { t: Transition }) {
  const label = text.document(t.docCode, t.docId);
  const href = t.docCode === 'ORDER' ? orderHref(t.docId) : t.docCode === 'CUSTOM' ? customerHref(t.docId) : null;
  return href ? (
    <NewTabLink href={href} label={label}>
      {label}
    </NewTabLink>
  ) : (
    <>{label}</>
  );
}

const c = text.columns;
const COLUMNS: TableColumn<Transition>[] = [
  { header: c.id, cell: (t) => t.id },
  { header: c.chart, cell: (t) => t.chart, className: 'font-mono text-xs' },
  { header: c.document, cell: (t) => <DocumentLink t={t} />, className: 'whitespace-nowrap' },
  { header: c.entity, cell: (t) => t.entityId },
  { header: c.from, cell: (t) => t.from, className: 'font-mono text-xs' },
  { header: c.event, cell: (t) => t.event, className: 'font-mono text-xs' },
  { header: c.to, cell: (t) => t.to, className: 'font-mono text-xs' },
  { header: c.actor, cell: (t) => t.actorEmail },
  { header: c.at, cell: (t) => formatDateTime(t.at, DATE_TIME_SECONDS_FORMAT), className: 'whitespace-nowrap' },
  { header: c.request, cell: (t) => t.requestId ?? '', className: 'font-mono text-[11px] text-slate-600' },
];

/** The filter form: the URL keeps what was searched, so a search can be shared and reloaded. */
function FilterForm({ initial, charts, onSearch }: { initial: Filters; charts: readonly string[]; onSearch: (filters: Filters) => void }) {
  const [form, setForm] = useState<Filters>(initial);
  const change = (key: keyof Filters) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(form);
  };
  const f = text.filters;
  return (
    <form onSubmit={submit} aria-label={f.label} className="grid grid-cols-2 gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200 md:grid-cols-4 xl:grid-cols-7">
      <SelectField id="audit-chart" label={f.chart} value={form.chart ?? ''} onChange={change('chart')} emptyLabel={f.anyChart} options={charts.map((name) => ({ value: name, label: name }))} />
      <InputField id="audit-entity" label={f.entity} value={form.entityId ?? ''} onChange={change('entityId')} autoComplete="off" />
      <InputField id="audit-actor" label={f.actor} value={form.actor ?? ''} onChange={change('actor')} autoComplete="off" />
      <InputField id="audit-event" label={f.event} value={form.event ?? ''} onChange={change('event')} autoComplete="off" />
      <InputField id="audit-start" type="date" label={f.startDate} value={form.startDate ?? ''} onChange={change('startDate')} />
      <InputField id="audit-end" type="date" label={f.endDate} value={form.endDate ?? ''} onChange={change('endDate')} />
      <div className="flex items-end gap-2">
        <Button type="submit">{f.search}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setForm({});
            onSearch({});
          }}
        >
          {f.clear}
        </Button>
      </div>
    </form>
  );
}

function TransitionsTable({ filters, page, onPage }: { filters: TransitionFilters; page: number; onPage: (page: number) => void }) {
  const services = useServices();
  const found = useShownDetail(() => getTransitions(services.orders, filters, page, TRANSITIONS_PAGE_SIZE));
  // The CSV export on its chart; the table is keyed by its filters, so they are fixed here.
  const exportLogic = useMemo(
    () =>
      fileExportMachine.provide({
        actors: {
          export: fromPromise(async () => {
            try {
              return await exportTransitions(services.orders, filters);
            } catch (error) {
              throw new Error(errorMessage(error), { cause: error });
            }
          }),
        },
        actions: {
          save: (_, { file }) => saveFile(`transiciones${filters.chart ? `-${filters.chart}` : ''}.csv`, file),
          failed: (_, { message }) => notify.error(`${text.exportFailed} ${message}`),
        },
      }),
    [services, filters],
  );
  const exporter = useActorRef(exportLogic);
  const exporting = useSelector(exporter, (s) => s.matches('exporting'));
  const download = () => exporter.send({ type: 'export.start' });
  return (
    <DetailTabView tab={found}>
      {(data) => (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-700" aria-live="polite">
              {text.total(data.totalElements)}
            </p>
            <Button variant="secondary" onClick={download} disabled={exporting || data.totalElements === 0}>
              {text.export}
            </Button>
          </div>
          <PagedTable label={text.table} rows={data.elements} columns={COLUMNS} rowKey={(t) => t.id} empty={text.empty} page={page} size={TRANSITIONS_PAGE_SIZE} total={data.totalElements} onPage={onPage} />
        </div>
      )}
    </DetailTabView>
  );
}

const d = text.diagram;
const TRANSITION_COLUMNS: TableColumn<ChartGraph['transitions'][number]>[] = [
  { header: c.from, cell: (t) => t.from, className: 'font-mono text-xs' },
  { header: c.event, cell: (t) => t.event, className: 'font-mono text-xs' },
  { header: c.guard, cell: (t) => t.guard ?? '', className: 'font-mono text-xs' },
  { header: c.to, cell: (t) => t.to, className: 'font-mono text-xs' },
  { header: c.count, cell: (t) => (t.count > 0 ? formatCount(t.count, 3) : <span className="text-slate-600 italic">{d.neverShort}</span>) },
];

/** A chart's picture with the period's transitions counted, and the same as a table. */
function ChartPicture({ filters }: { filters: TransitionFilters & { chart: string } }) {
  const services = useServices();
  const picture = useShownDetail(async () => {
    const graph = await getChartGraph(services.orders, filters);
    return { graph, laid: await layoutChart(graph) };
  });
  return (
    <DetailSection title={d.title(filters.chart)}>
      <DetailTabView tab={picture}>
        {({ graph, laid }) => (
          <div className="space-y-3">
            <ul aria-label={d.legend} className="flex flex-wrap gap-4 text-xs text-slate-700">
              <li className="flex items-center gap-1.5">
                <span aria-hidden className="inline-block h-1 w-8 rounded bg-brand-700" /> {d.taken}
              </li>
              <li className="flex items-center gap-1.5">
                <span aria-hidden className="inline-block w-8 border-t-2 border-dashed border-slate-400" /> {d.never}
              </li>
              <li className="flex items-center gap-1.5">
                <span aria-hidden className="inline-block size-3 rounded outline-2 outline-offset-1 outline-slate-500" /> {d.final}
              </li>
            </ul>
            <Suspense fallback={<Spinner label={text.diagram.canvas(graph.chart)} />}>
              <StatechartCanvas graph={graph} laid={laid} />
            </Suspense>
            <SimpleTable label={d.table(graph.chart)} rows={graph.transitions} columns={TRANSITION_COLUMNS} rowKey={(t) => `${t.from}:${edgeLabel(t)}:${t.to}`} empty={text.empty} />
            {graph.unknown.length > 0 ? (
              <SimpleTable label={d.unknown} rows={graph.unknown.map((u) => ({ ...u, guard: null }))} columns={TRANSITION_COLUMNS} rowKey={(t) => `${t.from}:${t.event}:${t.to}`} empty="" />
            ) : null}
          </div>
        )}
      </DetailTabView>
    </DetailSection>
  );
}

/** Auditoría de Transiciones (issue 14 §7): QA's view of every chart's stored transitions. */
export function TransitionsAuditPage() {
  const services = useServices();
  const search = route.useSearch();
  const navigate = useNavigate();
  const charts = useShownDetail(() => getCharts(services.orders));
  const filters: Filters = Object.fromEntries(FILTER_KEYS.flatMap((key) => (search[key] ? [[key, search[key]]] : [])));
  const page = Number(search.page ?? 0) || 0;
  const go = (next: Filters, nextPage = 0) =>
    void navigate({ to: '/admin/transitions-audit', search: { ...Object.fromEntries(Object.entries(next).filter(([, value]) => value)), ...(nextPage ? { page: String(nextPage) } : {}) } });
  const key = JSON.stringify(filters);
  return (
    <div className="space-y-4">
      <PageHeader title={text.title} />
      <p className="max-w-3xl text-sm text-slate-700">{text.intro}</p>
      <DetailTabView tab={charts}>{(names) => <FilterForm key={key} initial={filters} charts={names} onSearch={(next) => go(next)} />}</DetailTabView>
      <TransitionsTable key={`${key}:${page}`} filters={filters} page={page} onPage={(n) => go(filters, n)} />
      {filters.chart ? <ChartPicture key={key} filters={{ ...filters, chart: filters.chart }} /> : <p className="text-sm text-slate-600">{d.choose}</p>}
    </div>
  );
}
