import { lazy, Suspense, useEffect, useState } from 'react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { getRouteApi } from '@tanstack/react-router';
import { HistoryQuery, type History, type Moment, type MomentAction } from '@/api/contract/history';
import { exportHistory, getHistory } from '@/api/history';
import { graphSoFar, historyViewerMachine } from '@/machines/audit/history.machine';
import { fileExportMachine } from '@/machines/ui/file-export.machine';
import { formatDateTime, DATE_TIME_SECONDS_FORMAT } from '@/domain/time';
import { useServices } from '@/ui/session';
import { DetailTabView, said, useQueriedDetail, type ShownTab } from '@/ui/detail-tab';
import { DetailSection, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { Button } from '@/ui/button';
import { PageHeader } from '@/ui/card';
import { saveFile } from '@/ui/csv-download';
import { notify } from '@/ui/toast';
import { Spinner } from '@/ui/spinner';
import { useHotkeys } from '@/ui/hotkeys';
import { t } from '@/i18n';
import { auditText, chartLabel } from '@/i18n/es-audit';
import { layoutChart } from './statechart-layout';

const route = getRouteApi('/admin/transitions-history');
const StatechartCanvas = lazy(async () => ({ default: (await import('./statechart-canvas')).StatechartCanvas }));

const text = auditText.history;
const c = text.columns;

/** A moment's event by its Spanish name, or null when that is its kind (a first moment: the server names its event so), said once. */
const eventOf = (m: Moment) => (m.eventLabel === text.kinds[m.kind] ? null : <span title={m.event}>{m.eventLabel}</span>);

/** A fact's value as the diff shows it: text as it is, anything else as JSON, nothing as a dash. */
const shown = (value: unknown) => (value === undefined || value === null ? text.none : typeof value === 'string' ? value : JSON.stringify(value));

const CHANGED: TableColumn<Moment['changed'][number]>[] = [
  { header: c.field, cell: (d) => d.field, className: 'font-mono text-xs' },
  { header: c.before, cell: (d) => shown(d.before), className: 'break-all' },
  { header: c.after, cell: (d) => shown(d.after), className: 'break-all' },
];

const ACTIONS: TableColumn<MomentAction>[] = [
  { header: c.action, cell: (a) => <span title={a.event}>{a.label}</span> },
  { header: c.allowed, cell: (a) => (a.allowed ? text.yes : text.no) },
  { header: c.reason, cell: (a) => a.reason ?? '' },
];

/** The history viewer's chart with the history read as its `load` (its signal aborts an overtaken read); another entity in the URL is read on the same chart. */
function useHistoryViewer(query: HistoryQuery) {
  const services = useServices();
  const [logic] = useState(() => historyViewerMachine.provide({ actors: { load: fromPromise(({ input, signal }) => said(getHistory(services.orders, input, signal))) } }));
  const actor = useActorRef(logic, { input: { query } });
  const asked = useSelector(actor, (s) => s.context.query);
  const wanted = JSON.stringify(query);
  useEffect(() => {
    if (JSON.stringify(asked) !== wanted) actor.send({ type: 'query.changed', query: JSON.parse(wanted) as HistoryQuery });
  }, [wanted, asked, actor]);
  return actor;
}

/** The history as CSV or JSON, the server's file, one export at a time. */
function ExportButtons({ query }: { query: HistoryQuery }) {
  const services = useServices();
  const [logic] = useState(() =>
    fileExportMachine.provide({
      actors: {
        export: fromPromise(({ input }) => said(exportHistory(services.orders, { chart: input.filters.chart ?? '', entityId: input.filters.entityId ?? '', format: input.filters.format === 'json' ? 'json' : 'csv' }))),
      },
      actions: {
        save: (_, { file, filters }) => saveFile(`historia-${filters.chart}-${filters.entityId}.${filters.format}`, file),
        failed: (_, { message }) => notify.error(`${text.exportFailed} ${message}`),
      },
    }),
  );
  const exporter = useActorRef(logic);
  const exporting = useSelector(exporter, (s) => s.matches('exporting'));
  const download = (format: 'csv' | 'json') => exporter.send({ type: 'export.start', filters: { ...query, format } });
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => download('csv')} disabled={exporting}>
        {text.exportCsv}
      </Button>
      <Button variant="secondary" onClick={() => download('json')} disabled={exporting}>
        {text.exportJson}
      </Button>
    </div>
  );
}

/** The moments in order, the chosen one marked; a click chooses one (as ←/→ step). */
function Timeline({ history, chosen, onChoose }: { history: History; chosen: number; onChoose: (index: number) => void }) {
  return (
    <ol aria-label={text.timeline} className="space-y-1.5">
      {history.moments.map((m, i) => (
        <li key={`${m.kind}-${m.id ?? 'row'}-${i}`}>
          <button
            type="button"
            aria-current={i === chosen ? 'step' : undefined}
            onClick={() => onChoose(i)}
            className={`block w-full rounded-md px-3 py-2 text-left text-sm ring-1 ${i === chosen ? 'bg-brand-50 ring-2 ring-brand-600' : 'bg-white ring-slate-200 hover:bg-slate-50'} ${m.divergence ? 'border-l-4 border-red-600' : ''}`}
          >
            <span className="flex flex-wrap items-baseline justify-between gap-x-2">
              <span className={`font-semibold ${m.kind === 'refusal' ? 'text-red-800' : 'text-slate-900'}`}>{text.kinds[m.kind]}</span>
              <span className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(m.at, DATE_TIME_SECONDS_FORMAT)}</span>
            </span>
            <span className="block text-slate-800">
              {eventOf(m)}
              {eventOf(m) === null ? null : ' · '}
              <span className="font-mono text-xs">{text.state(m.from, m.to)}</span>
            </span>
            <span className="block text-xs break-all text-slate-600">{text.by(m.actorEmail)}</span>
            {m.reason ? <span className="block text-xs text-red-800">{text.refused(m.reason)}</span> : null}
            {m.divergence ? <span className="block text-xs font-semibold text-red-800">{text.diverges(m.divergence)}</span> : null}
          </button>
        </li>
      ))}
    </ol>
  );
}

/** The chosen moment: the chart in its state then (the path so far highlighted), what changed, and the actions the chart allowed then. */
function MomentView({ history, index }: { history: History; index: number }) {
  const m = history.moments[index]!;
  const laid = useQueriedDetail(({ query }) => layoutChart(query), history.graph);
  return (
    <section aria-label={text.moment(index + 1, history.moments.length)} className="min-w-0 space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 className="text-base font-semibold text-slate-900">
        {text.moment(index + 1, history.moments.length)}: {text.kinds[m.kind]}
        {eventOf(m) === null ? null : ' · '}
        {eventOf(m)}
      </h2>
      {m.divergence ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {text.diverges(m.divergence)}
        </p>
      ) : null}
      {m.reason ? <p className="text-sm text-red-800">{text.refused(m.reason)}</p> : null}
      <DetailSection title={text.chartThen(m.to)}>
        <p className="text-xs text-slate-700">{text.pathLegend}</p>
        <DetailTabView tab={laid}>
          {(chart) => (
            <Suspense fallback={<Spinner label={auditText.diagram.canvas(chartLabel(history.chart))} />}>
              <StatechartCanvas graph={graphSoFar(history, index)} laid={chart} current={m.to} />
            </Suspense>
          )}
        </DetailTabView>
      </DetailSection>
      <DetailSection title={text.facts}>
        {m.replayable || m.changed.length > 0 ? <SimpleTable label={text.facts} rows={m.changed} columns={CHANGED} rowKey={(d) => d.field} empty={text.noChange} /> : <p className="text-sm text-slate-600 italic">{auditText.noReplay}</p>}
      </DetailSection>
      <DetailSection title={text.actions}>
        <SimpleTable label={text.actions} rows={m.actions} columns={ACTIONS} rowKey={(a) => a.event} empty={text.noActions} />
      </DetailSection>
    </section>
  );
}

function HistoryViewer({ query }: { query: HistoryQuery }) {
  const actor = useHistoryViewer(query);
  const value = useSelector(actor, (s) => s.value);
  const history = useSelector(actor, (s) => s.context.history);
  const error = useSelector(actor, (s) => s.context.error);
  const chosen = useSelector(actor, (s) => s.context.moment);
  useHotkeys(
    [
      { key: 'ArrowLeft', shown: '←', label: text.keys.previous, run: () => actor.send({ type: 'step.previous' }) },
      { key: 'ArrowRight', shown: '→', label: text.keys.next, run: () => actor.send({ type: 'step.next' }) },
    ],
    value === 'ready',
  );
  const read: ShownTab<History> = { state: value === 'ready' ? 'loaded' : value, data: history, error, retry: () => actor.send({ type: 'history.retry' }) };
  return (
    <div className="space-y-4">
      <PageHeader title={text.title(chartLabel(query.chart), query.entityId)}>
        <ExportButtons query={query} />
      </PageHeader>
      <p className="max-w-3xl text-sm text-slate-700">{text.intro}</p>
      <DetailTabView tab={read}>
        {(h) => (
          <div className="space-y-3">
            <p className="text-sm text-slate-800">
              {h.currentState === null ? text.gone : <>{text.current} <span className="font-mono">{h.currentState}</span></>} · {h.divergentAt === null ? text.conforms : text.divergentAt(h.divergentAt + 1)}
            </p>
            <div className="grid gap-4 xl:grid-cols-[20rem_minmax(0,1fr)]">
              <Timeline history={h} chosen={chosen} onChoose={(index) => actor.send({ type: 'moment.choose', index })} />
              <MomentView history={h} index={chosen} />
            </div>
          </div>
        )}
      </DetailTabView>
    </div>
  );
}

/** An entity's history through its chart (issue 40 §3), for QA: the URL names the chart and the entity (`?chart=order&entityId=19968`). */
export function HistoryPage() {
  const search = route.useSearch();
  const query = v.safeParse(HistoryQuery, { chart: search.chart ?? '', entityId: search.entityId ?? '' });
  if (!query.success) {
    return (
      <div className="space-y-4">
        <PageHeader title={t.titles.history} />
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {text.badQuery}
        </p>
      </div>
    );
  }
  return <HistoryViewer query={query.output} />;
}
