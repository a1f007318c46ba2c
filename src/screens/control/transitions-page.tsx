import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
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
import { DetailTabView, useQueriedDetail, useShownDetail } from '@/ui/detail-tab';
import { DetailSection, PagedTable, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { InputField, SelectField } from '@/ui/fields';
import { Button } from '@/ui/button';
import { PageHeader } from '@/ui/card';
import { NewTabLink, customerHref, orderHref } from '@/ui/links';
import { saveFile } from '@/ui/csv-download';
import { notify } from '@/ui/toast';
import { Spinner } from '@/ui/spinner';
import { SearchStatus, useSearchScreen, type SearchScreen } from '@/ui/search-screen';
import { auditText as text, chartLabel } from '@/i18n/es-audit';
import { edgeLabel, layoutChart } from './statechart-layout';
import { ConformanceTab } from './conformance-tab';
import { TAB_CLASS, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@/ui/tabs';

const route = getRouteApi('/admin/transitions-audit');
/** The page's tabs as the URL names them (`?tab=`; the first is the default and not written). */
const AUDIT_TABS = ['transiciones', 'conformidad'] as const;
const StatechartCanvas = lazy(async () => ({ default: (await import('./statechart-canvas')).StatechartCanvas }));

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

/** A Spanish name with its code name as the tooltip (a chart, an event). */
const Named = ({ label, code }: { label: string; code: string }) => <span title={code}>{label}</span>;

const c = text.columns;
const COLUMNS: TableColumn<Transition>[] = [
  { header: c.id, cell: (t) => t.id },
  { header: c.chart, cell: (t) => <Named label={chartLabel(t.chart)} code={t.chart} /> },
  { header: c.document, cell: (t) => <DocumentLink t={t} />, className: 'whitespace-nowrap' },
  { header: c.entity, cell: (t) => t.entityId },
  { header: c.from, cell: (t) => t.from, className: 'font-mono text-xs' },
  { header: c.event, cell: (t) => <Named label={t.eventLabel} code={t.event} /> },
  { header: c.to, cell: (t) => t.to, className: 'font-mono text-xs' },
  { header: c.actor, cell: (t) => t.actorEmail },
  { header: c.at, cell: (t) => formatDateTime(t.at, DATE_TIME_SECONDS_FORMAT), className: 'whitespace-nowrap' },
  { header: c.request, cell: (t) => t.requestId ?? '', className: 'font-mono text-xs text-slate-600' },
];

/** The filter form: the search chart holds the draft, the URL what was searched, so a search can be shared and reloaded. */
function FilterForm({ screen, charts }: { screen: SearchScreen; charts: readonly string[] }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    screen.submit();
  };
  const f = text.filters;
  return (
    <form onSubmit={submit} aria-label={f.label} className="grid grid-cols-2 gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200 md:grid-cols-3 xl:grid-cols-6">
      <SelectField id="audit-chart" label={f.chart} {...screen.field('chart')} emptyLabel={f.anyChart} options={charts.map((name) => ({ value: name, label: chartLabel(name), title: name })).sort((a, b) => a.label.localeCompare(b.label, 'es'))} />
      <InputField id="audit-entity" label={f.entity} {...screen.field('entityId')} autoComplete="off" />
      <InputField id="audit-actor" label={f.actor} {...screen.field('actor')} autoComplete="off" />
      <InputField id="audit-event" label={f.event} {...screen.field('event')} autoComplete="off" />
      <InputField id="audit-start" type="date" label={f.startDate} {...screen.field('startDate')} />
      <InputField id="audit-end" type="date" label={f.endDate} {...screen.field('endDate')} />
      <div className="col-span-full flex flex-wrap justify-end gap-2">
        <Button type="submit">{f.search}</Button>
        <Button variant="secondary" onClick={screen.reset}>
          {f.clear}
        </Button>
      </div>
    </form>
  );
}

/** The found transitions and their CSV export, for the search the chart committed. */
function TransitionsTable({ screen }: { screen: SearchScreen }) {
  const services = useServices();
  const filters: TransitionFilters = screen.query;
  // The CSV export on its chart; the file asked for is the committed search's when the export starts.
  const [exportLogic] = useState(() =>
    fileExportMachine.provide({
      actors: {
        export: fromPromise(async ({ input }) => {
          try {
            return await exportTransitions(services.orders, input.filters);
          } catch (error) {
            throw new Error(errorMessage(error), { cause: error });
          }
        }),
      },
      actions: {
        save: (_, { file, filters }) => saveFile(`transiciones${filters.chart ? `-${filters.chart}` : ''}.csv`, file),
        failed: (_, { message }) => notify.error(`${text.exportFailed} ${message}`),
      },
    }),
  );
  const exporter = useActorRef(exportLogic);
  const exporting = useSelector(exporter, (s) => s.matches('exporting'));
  const download = () => exporter.send({ type: 'export.start', filters });
  return (
    <>
      <SearchStatus screen={screen} emptyText={text.empty} />
      {screen.status === 'results' && screen.result ? (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-700" aria-live="polite">
              {text.total(screen.result.totalElements)}
            </p>
            <Button variant="secondary" onClick={download} disabled={exporting || screen.result.totalElements === 0}>
              {text.export}
            </Button>
          </div>
          <PagedTable
            label={text.table}
            rows={screen.result.elements as Transition[]}
            columns={COLUMNS}
            rowKey={(t) => t.id}
            empty={text.empty}
            page={screen.page}
            size={TRANSITIONS_PAGE_SIZE}
            total={screen.result.totalElements}
            onPage={screen.goTo}
          />
        </div>
      ) : null}
    </>
  );
}

const d = text.diagram;
const transitionColumns: TableColumn<ChartGraph['transitions'][number]>[] = [
  { header: c.from, cell: (t) => t.from, className: 'font-mono text-xs' },
  { header: c.event, cell: (t) => <Named label={t.label} code={t.event} /> },
  { header: c.guard, cell: (t) => t.guard ?? '', className: 'font-mono text-xs' },
  { header: c.to, cell: (t) => t.to, className: 'font-mono text-xs' },
  { header: c.count, cell: (t) => (t.count > 0 ? formatCount(t.count, 3) : <span className="text-slate-600 italic">{d.neverShort}</span>) },
];

/**
 * A chart's picture with the period's transitions counted, above the list (issue 40 §7: seen at a
 * glance), and the same as a table below it: another search is read by the same picture's chart.
 * A click on a transition filters the list by its event, as the form would (the URL says it).
 */
function ChartPicture({ filters, screen, children }: { filters: TransitionFilters & { chart: string }; screen: SearchScreen; children: ReactNode }) {
  const services = useServices();
  const picture = useQueriedDetail(async ({ query }) => {
    const graph = await getChartGraph(services.orders, query);
    return { graph, laid: await layoutChart(graph) };
  }, filters);
  const pick = (event: string) => {
    screen.set('event', event);
    screen.submit();
  };
  return (
    <>
      <DetailSection title={d.title(chartLabel(filters.chart))}>
        <DetailTabView tab={picture}>
          {({ graph, laid }) => (
            <div className="space-y-2">
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
              <p className="text-xs text-slate-700">{d.hint}</p>
              <Suspense fallback={<Spinner label={d.canvas(chartLabel(graph.chart))} />}>
                <StatechartCanvas graph={graph} laid={laid} onPick={pick} />
              </Suspense>
            </div>
          )}
        </DetailTabView>
      </DetailSection>
      {children}
      {picture.data ? (
        <DetailSection title={d.table(chartLabel(filters.chart))}>
          <SimpleTable label={d.table(chartLabel(filters.chart))} rows={picture.data.graph.transitions} columns={transitionColumns} rowKey={(t) => `${t.from}:${edgeLabel(t)}:${t.to}`} empty={text.empty} />
          {picture.data.graph.unknown.length > 0 ? (
            <SimpleTable label={d.unknown} rows={picture.data.graph.unknown.map((u) => ({ ...u, guard: null }))} columns={transitionColumns} rowKey={(t) => `${t.from}:${t.event}:${t.to}`} empty="" />
          ) : null}
        </DetailSection>
      ) : null}
    </>
  );
}

/** Auditoría de Transiciones (issue 14 §7): QA's view of every chart's stored transitions, searched on the search chart like every list. */
export function TransitionsAuditPage() {
  const services = useServices();
  const search = route.useSearch();
  const navigate = useNavigate();
  const charts = useShownDetail(() => getCharts(services.orders));
  const screen = useSearchScreen({
    search,
    navigate: (next) => void navigate({ to: '/admin/transitions-audit', search: next }),
    defaults: {},
    load: (query, page) => getTransitions(services.orders, query, page, TRANSITIONS_PAGE_SIZE),
  });
  const chart = screen.query.chart;
  // The tab is the URL's (`?tab=conformidad`): a link or a reload opens on it. Changing tabs keeps the list's filters.
  const tab = Math.max(0, AUDIT_TABS.indexOf(search.tab as (typeof AUDIT_TABS)[number]));
  const chooseTab = (index: number) => void navigate({ to: '/admin/transitions-audit', search: (current) => ({ ...current, tab: index === 0 ? undefined : AUDIT_TABS[index] }), replace: true });
  return (
    <div className="space-y-4">
      <PageHeader title={text.title} />
      <TabGroup selectedIndex={tab} onChange={chooseTab}>
        <TabList aria-label={text.title} className="flex flex-wrap gap-1 border-b border-slate-200">
          <Tab className={TAB_CLASS}>{text.conformance.transitionsTab}</Tab>
          <Tab className={TAB_CLASS}>{text.conformance.tab}</Tab>
        </TabList>
        <TabPanels className="mt-3">
          <TabPanel>
            <div className="space-y-4">
              <p className="max-w-3xl text-sm text-slate-700">{text.intro}</p>
              <DetailTabView tab={charts}>{(names) => <FilterForm screen={screen} charts={names} />}</DetailTabView>
              {chart ? (
                <ChartPicture filters={{ ...screen.query, chart }} screen={screen}>
                  <TransitionsTable screen={screen} />
                </ChartPicture>
              ) : (
                <>
                  <p className="text-sm text-slate-600">{d.choose}</p>
                  <TransitionsTable screen={screen} />
                </>
              )}
            </div>
          </TabPanel>
          <TabPanel>
            <ConformanceTab chart={search.chart ?? ''} charts={charts.data ?? []} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
