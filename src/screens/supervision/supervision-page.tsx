import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { getHeldClaims, getSupervision } from '@/api/supervision';
import { CSV_TYPE, csvFile } from '@/domain/csv';
import { formatDateTime } from '@/domain/time';
import { supervisionMachine, type SupervisionRead } from '@/machines/supervision/supervision.machine';
import { useServices } from '@/ui/session';
import { useOrderChanges } from '@/ui/live';
import { useChartFlow } from '@/ui/chart-actions';
import { DetailTabView, type ShownTab } from '@/ui/detail-tab';
import { HoldStill } from '@/ui/hold-still';
import { saveFile } from '@/ui/csv-download';
import { Card, PageHeader } from '@/ui/card';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { ClaimsTable, OverTable, ProvincesTable, QueuesTable, supervisionCsvRows, WorkTable } from './sections';
import { supervisionText as text } from '@/i18n/es-supervision';

/** The seven days' chart comes with recharts, apart from the page's own code. */
const DepthChart = lazy(async () => ({ default: (await import('./depth-chart')).DepthChart }));

/**
 * One of the chart's reads as a part shows it: a spinner until its first answer, then what it read
 * (a quiet spinner while it reads again); a first read that failed shows why, with "Reintentar"; a
 * later one that failed keeps what was shown (the page says it failed).
 */
function shownRead<T>(state: string, read: SupervisionRead<T>, retry: () => void): ShownTab<T> {
  const shown = state === 'reading' ? 'loading' : state === 'failed' && read.data === null ? 'failed' : 'loaded';
  return { state: shown, data: read.data, error: read.error, retry };
}

/** Two parts side by side only where each has room for its table (46rem), else one under the other. */
const SIDE_BY_SIDE = 'grid grid-cols-[repeat(auto-fit,minmax(min(100%,46rem),1fr))] gap-4';

/** A part of the page: its title, and its size kept while it first loads (nothing moves when it arrives). */
function Part<T>({ title, tab, minHeight, children }: { title: string; tab: ShownTab<T>; minHeight: string; children: (data: T) => ReactNode }) {
  return (
    <Card title={title}>
      <div className={minHeight}>
        <DetailTabView tab={tab}>{children}</DetailTabView>
      </div>
    </Card>
  );
}

/**
 * Supervisión (issue 28 §1): each queue against its service level, what is late, who holds what
 * (a lead releases a stale claim), today's work per person and action, and seven days of depth.
 * Live: every change of an order is read again (coalesced), the claims every few seconds; when and
 * what is read is the supervision chart's (src/machines/supervision/supervision.machine.ts).
 */
export function SupervisionPage() {
  const services = useServices();
  const [logic] = useState(() =>
    supervisionMachine.provide({ actors: { figures: fromPromise(() => getSupervision(services.orders)), claims: fromPromise(() => getHeldClaims(services.orders)) } }),
  );
  const supervision = useActorRef(logic);
  const figuresState = useSelector(supervision, (s) => s.value.figures);
  const figuresRead = useSelector(supervision, (s) => s.context.figures);
  const claimsState = useSelector(supervision, (s) => s.value.claims);
  const claimsRead = useSelector(supervision, (s) => s.context.claims);
  const retry = () => supervision.send({ type: 'supervision.retry' });
  const figures = shownRead(figuresState, figuresRead, retry);
  const claims = shownRead(claimsState, claimsRead, retry);
  const changed = () => supervision.send({ type: 'supervision.changed' });
  useOrderChanges(changed);
  // A released claim leaves the list: the flow outlives its row.
  const release = useChartFlow({ onDone: changed, onFailed: changed });
  const exportCsv = () => {
    if (!figures.data) return;
    saveFile(text.csvFile, new Blob([csvFile(supervisionCsvRows(figures.data, claims.data ?? []))], { type: CSV_TYPE }));
  };
  return (
    <div className="space-y-4">
      <PageHeader title={text.title}>
        <Button variant="secondary" disabled={!figures.data} onClick={exportCsv}>
          {text.csv}
        </Button>
      </PageHeader>
      <p className="max-w-3xl text-sm text-slate-700">
        {text.intro} {figures.data ? text.readAt(formatDateTime(figures.data.at, 'HH:mm:ss')) : null}
        <span role="status" className="block font-medium text-red-800">
          {figuresRead.error !== null || claimsRead.error !== null ? text.readFailed : null}
        </span>
      </p>
      <HoldStill>
        <div className="space-y-4">
          <Part title={text.sections.queues} tab={figures} minHeight="min-h-[17rem]">
            {(data) => <QueuesTable rows={data.queues} />}
          </Part>
          <div className={SIDE_BY_SIDE}>
            <Part title={text.sections.claims} tab={claims} minHeight="min-h-[8rem]">
              {(rows) => <ClaimsTable rows={rows} flow={release} />}
            </Part>
            <Part title={text.sections.work} tab={figures} minHeight="min-h-[8rem]">
              {(data) => <WorkTable rows={data.workDone} />}
            </Part>
          </div>
          <Part title={text.sections.history} tab={figures} minHeight="min-h-64">
            {(data) => (
              <Suspense fallback={<Spinner label={text.sections.history} />}>
                <DepthChart history={data.history} />
              </Suspense>
            )}
          </Part>
          <div className={SIDE_BY_SIDE}>
            <Part title={text.sections.over} tab={figures} minHeight="min-h-[12rem]">
              {(data) => <OverTable rows={data.over} />}
            </Part>
            <Part title={text.sections.provinces} tab={figures} minHeight="min-h-[12rem]">
              {(data) => <ProvincesTable rows={data.provinces} slaHours={data.queues.find((q) => q.queue === 'remittance')?.slaHours ?? 0} />}
            </Part>
          </div>
        </div>
      </HoldStill>
      {release.dialogs}
    </div>
  );
}
