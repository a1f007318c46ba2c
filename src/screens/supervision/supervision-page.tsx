import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { getHeldClaims, getSupervision } from '@/api/supervision';
import { toCsv } from '@/domain/csv';
import { formatDateTime } from '@/domain/time';
import { useServices } from '@/ui/session';
import { useOrderChanges } from '@/ui/live';
import { useChartFlow } from '@/ui/chart-actions';
import { DetailTabView, useShownDetail, type DetailTab } from '@/ui/detail-tab';
import { HoldStill } from '@/ui/hold-still';
import { saveFile } from '@/ui/csv-download';
import { Card, PageHeader } from '@/ui/card';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { ClaimsTable, OverTable, ProvincesTable, QueuesTable, supervisionCsvRows, WorkTable } from './sections';
import { supervisionText as text } from '@/i18n/es-supervision';

/** The seven days' chart comes with recharts, apart from the page's own code. */
const DepthChart = lazy(async () => ({ default: (await import('./depth-chart')).DepthChart }));

/** Changes that come together are read once, this long after the first. */
const COALESCE_MS = 300;
/** Claims are not audited changes: while the page is visible they are read this often. */
const CLAIMS_POLL_MS = 5_000;
/** The ages grow by themselves: the figures are read again this often while the page is visible. */
const FIGURES_POLL_MS = 60_000;

/** Calls `read` at most once per COALESCE_MS however many times `schedule` is called. */
function useCoalesced(read: () => void) {
  const latest = useRef(read);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = read;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    timer.current ??= setTimeout(() => {
      timer.current = null;
      latest.current();
    }, COALESCE_MS);
  };
}

/** Calls `read` every `ms` while the tab is visible. */
function useVisiblePoll(read: () => void, ms: number) {
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  });
  useEffect(() => {
    const timer = setInterval(() => document.visibilityState === 'visible' && latest.current(), ms);
    return () => clearInterval(timer);
  }, [ms]);
}

/** A part of the page: its title, and its size kept while it first loads (nothing moves when it arrives). */
function Part<T>({ title, tab, minHeight, children }: { title: string; tab: DetailTab<T>; minHeight: string; children: (data: T) => ReactNode }) {
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
 * Live: every change of an order is read again (coalesced), the claims every few seconds.
 */
export function SupervisionPage() {
  const services = useServices();
  const figures = useShownDetail(() => getSupervision(services.orders));
  const claims = useShownDetail(() => getHeldClaims(services.orders));
  const refresh = useCoalesced(() => {
    figures.refresh();
    claims.refresh();
  });
  useOrderChanges(refresh);
  useVisiblePoll(claims.refresh, CLAIMS_POLL_MS);
  useVisiblePoll(figures.refresh, FIGURES_POLL_MS);
  // A released claim leaves the list: the flow outlives its row.
  const release = useChartFlow({ onDone: refresh, onFailed: refresh });
  const exportCsv = () => {
    if (!figures.data) return;
    saveFile(text.csvFile, new Blob(['\uFEFF', toCsv(supervisionCsvRows(figures.data, claims.data ?? []))], { type: 'text/csv;charset=utf-8' }));
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
      </p>
      <HoldStill>
        <div className="space-y-4">
          <Part title={text.sections.queues} tab={figures} minHeight="min-h-[17rem]">
            {(data) => <QueuesTable rows={data.queues} />}
          </Part>
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
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
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
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
