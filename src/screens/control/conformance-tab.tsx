import type { Conformance, Divergence } from '@/api/contract/history';
import { getConformance } from '@/api/history';
import type { Services } from '@/api/services';
import { formatCount } from '@/domain/format';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { useServices } from '@/ui/session';
import { DetailSection, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { SelectField } from '@/ui/fields';
import { HistoryLink } from '@/routing/history-link';
import { auditText, chartLabel } from '@/i18n/es-audit';

/**
 * Conformidad (issue 40 §5): every stored history replayed through today's charts, read when the
 * tab is shown (its detail-tab chart; a chart chosen is the tab's query): per chart its histories,
 * transitions and divergent ones, and each divergent entity with its first divergent step and the
 * way to its history.
 */

const text = auditText.conformance;
const c = text.columns;

/** The conformance of one chart ('' for all) as the server replays it. */
const loadConformance = (services: Services, chart: string) => getConformance(services.orders, chart === '' ? undefined : chart);

/** A Spanish name with its code name as the tooltip. */
const ChartName = ({ chart }: { chart: string }) => <span title={chart}>{chartLabel(chart)}</span>;

const COUNTS: TableColumn<Conformance['charts'][number]>[] = [
  { header: c.chart, cell: (r) => <ChartName chart={r.chart} /> },
  { header: c.histories, cell: (r) => formatCount(r.histories, 3) },
  { header: c.transitions, cell: (r) => formatCount(r.transitions, 3) },
  { header: c.divergent, cell: (r) => <span className={r.divergent > 0 ? 'font-semibold text-red-800' : ''}>{formatCount(r.divergent, 3)}</span> },
];

const DIVERGENCES: TableColumn<Divergence>[] = [
  { header: c.chart, cell: (d) => <ChartName chart={d.chart} /> },
  { header: c.entity, cell: (d) => d.entityId, className: 'font-mono text-xs' },
  { header: c.step, cell: (d) => text.step(d.step + 1), className: 'whitespace-nowrap' },
  { header: c.reason, cell: (d) => d.reason },
  { header: c.history, cell: (d) => <HistoryLink chart={d.chart} entityId={d.entityId} label={text.openLabel(chartLabel(d.chart), d.entityId)}>{text.open}</HistoryLink> },
];

/** Mounted when its tab is shown, and read then: at first on the chart the page was opened on (`?chart=`, '' is every chart), then the one its select chooses. */
export function ConformanceTab({ chart, charts }: { chart: string; charts: readonly string[] }) {
  const services = useServices();
  const tab = useShownDetail(({ query }) => loadConformance(services, query), { query: chart });
  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-sm text-slate-700">{text.intro}</p>
      <div className="max-w-xs">
        <SelectField
          id="conformance-chart"
          label={text.chart}
          value={tab.query}
          onChange={(e) => tab.filter(e.target.value)}
          emptyLabel={text.anyChart}
          options={charts.map((name) => ({ value: name, label: chartLabel(name), title: name })).sort((a, b) => a.label.localeCompare(b.label, 'es'))}
        />
      </div>
      <DetailTabView tab={tab}>
        {(report) => (
          <div className="space-y-4">
            <p className="text-sm text-slate-800" aria-live="polite">
              {text.total(report.histories, report.divergent)}
            </p>
            <DetailSection title={text.counts}>
              <SimpleTable label={text.counts} rows={report.charts} columns={COUNTS} rowKey={(r) => r.chart} empty={text.none} />
            </DetailSection>
            <DetailSection title={text.divergences}>
              <SimpleTable label={text.divergences} rows={report.divergences} columns={DIVERGENCES} rowKey={(d) => `${d.chart}:${d.entityId}`} empty={text.none} />
            </DetailSection>
          </div>
        )}
      </DetailTabView>
    </div>
  );
}
