import type { HeldClaim, OverEntry, ProvinceFigures, QueueFigures, Supervision, WorkDone } from '@/api/contract/supervision';
import { waitedFor } from '@/domain/queues';
import { formatCount } from '@/domain/format';
import { formatDateTime } from '@/domain/time';
import { productStatusLabel } from '@/domain/products';
import { orderStatusLabel } from '@/domain/order-status';
import { SLA_TONE, SlaText, type SlaState } from '@/domain/sla';
import { slaStateOf } from '@/machines/queue/sla.machine';
import { SimpleTable, type TableColumn } from '@/ui/detail-table';
import { NewTabLink, orderHref } from '@/ui/links';
import { TONE_CLASS } from '@/ui/tone';
import { ChartActions, snapshotPart, type ChartFlow } from '@/ui/chart-actions';
import { claimRelease } from '@/machines/supervision/claim-release.machine';
import { supervisionText as text } from '@/i18n/es-supervision';

/**
 * Supervisión's tables (issue 28 §1). A queue's state is its oldest entry's, as the SLA chart
 * places it; every state is written out beside its colour, never colour alone.
 */

const minutes = (m: number | null) => (m === null ? text.none : waitedFor(m));

/** What a late entry is, named as the queues and the order name it: the product and its status, the order's status, or the request's action. */
const whatText = (what: OverEntry['what']) =>
  'productType' in what ? `${text.products[what.productType]} · ${productStatusLabel(what.productType, what.status)}` : 'orderStatus' in what ? orderStatusLabel(what.orderStatus) : what.action;

/** Where a queue stands against its level: its oldest entry's state. */
export const queueState = (f: Pick<QueueFigures, 'oldestMinutes' | 'slaHours'>): SlaState | null =>
  f.oldestMinutes === null ? null : slaStateOf(f.oldestMinutes, Math.round(f.slaHours * 60));

export function SlaBadge({ state }: { state: SlaState | null }) {
  if (state === null) return <span className="text-slate-600">{text.none}</span>;
  return <span className={TONE_CLASS[SLA_TONE[state]]}>{SlaText[state]}</span>;
}

export const queueName = (f: Pick<QueueFigures, 'queue' | 'product'>) => (f.product ? `${text.queues[f.queue]} · ${text.products[f.product]}` : text.queues[f.queue]);

const QUEUE_COLUMNS: TableColumn<QueueFigures>[] = [
  { header: text.columns.queue, cell: (f) => queueName(f), className: 'font-medium' },
  { header: text.columns.depth, cell: (f) => formatCount(f.depth), className: 'tabular-nums' },
  { header: text.columns.oldest, cell: (f) => minutes(f.oldestMinutes), className: 'tabular-nums whitespace-nowrap' },
  { header: text.columns.p50, cell: (f) => minutes(f.p50Minutes), className: 'tabular-nums whitespace-nowrap' },
  { header: text.columns.p90, cell: (f) => minutes(f.p90Minutes), className: 'tabular-nums whitespace-nowrap' },
  { header: text.columns.level, cell: (f) => text.hours(f.slaHours), className: 'tabular-nums whitespace-nowrap' },
  { header: text.columns.over, cell: (f) => <span className={f.overCount > 0 ? TONE_CLASS.danger : ''}>{text.overCount(f.overCount)}</span>, className: 'whitespace-nowrap' },
  { header: text.columns.state, cell: (f) => <SlaBadge state={queueState(f)} />, className: 'whitespace-nowrap' },
];

export function QueuesTable({ rows }: { rows: readonly QueueFigures[] }) {
  return <SimpleTable label={text.sections.queues} rows={rows} columns={QUEUE_COLUMNS} rowKey={(f) => `${f.queue}-${f.product ?? ''}`} empty={text.none} />;
}

export function ProvincesTable({ rows, slaHours }: { rows: readonly ProvinceFigures[]; slaHours: number }) {
  const columns: TableColumn<ProvinceFigures>[] = [
    { header: text.columns.province, cell: (p) => p.name },
    { header: text.columns.depth, cell: (p) => formatCount(p.depth), className: 'tabular-nums' },
    { header: text.columns.oldest, cell: (p) => minutes(p.oldestMinutes), className: 'tabular-nums whitespace-nowrap' },
    { header: text.columns.over, cell: (p) => <span className={p.overCount > 0 ? TONE_CLASS.danger : ''}>{text.overCount(p.overCount)}</span> },
    { header: text.columns.state, cell: (p) => <SlaBadge state={queueState({ oldestMinutes: p.oldestMinutes, slaHours })} /> },
  ];
  return <SimpleTable label={text.sections.provinces} rows={rows} columns={columns} rowKey={(p) => p.code} empty={text.emptyProvinces} />;
}

const OrderLink = ({ id }: { id: number | null }) =>
  id === null ? (
    <>{text.none}</>
  ) : (
    <NewTabLink href={orderHref(id)} label={`Orden ${id}`}>
      {id}
    </NewTabLink>
  );

const OVER_COLUMNS: TableColumn<OverEntry>[] = [
  { header: text.columns.queue, cell: (o) => text.queues[o.queue], className: 'whitespace-nowrap' },
  { header: text.columns.entry, cell: (o) => text.entry(o.kind, o.id), className: 'whitespace-nowrap' },
  { header: text.columns.order, cell: (o) => <OrderLink id={o.orderId} /> },
  { header: text.columns.what, cell: (o) => whatText(o.what) },
  { header: text.columns.age, cell: (o) => <span className={TONE_CLASS.danger}>{`${waitedFor(o.ageMinutes)} · ${SlaText.over}`}</span>, className: 'whitespace-nowrap' },
];

export function OverTable({ rows }: { rows: readonly OverEntry[] }) {
  return <SimpleTable label={text.sections.over} rows={rows} columns={OVER_COLUMNS} rowKey={(o) => `${o.kind}-${o.id}`} empty={text.emptyOver} />;
}

/** The claims held now, each with "Liberar" (the flow lives in the page: a released claim leaves this table). */
export function ClaimsTable({ rows, flow }: { rows: readonly HeldClaim[]; flow: ChartFlow }) {
  const columns: TableColumn<HeldClaim>[] = [
    { header: text.columns.entry, cell: (c) => text.entry(c.kind, c.id), className: 'whitespace-nowrap' },
    { header: text.columns.order, cell: (c) => <OrderLink id={c.orderId} /> },
    { header: text.columns.holder, cell: (c) => c.holderName },
    { header: text.columns.since, cell: (c) => formatDateTime(c.claimedAt), className: 'whitespace-nowrap' },
    { header: text.columns.heldFor, cell: (c) => waitedFor(c.heldMinutes), className: 'tabular-nums whitespace-nowrap' },
    {
      header: text.columns.actions,
      // The claim's release chart, as the claims read carries it: "Liberar" for a lead, while it is held.
      cell: (c) => (
        <ChartActions
          label={text.claimGroup(text.entry(c.kind, c.id))}
          parts={[snapshotPart(c.charts, { lifecycle: claimRelease, subject: c })]}
          flow={flow}
          buttonName={() => text.releaseLabel(text.entry(c.kind, c.id), c.holderName)}
        />
      ),
    },
  ];
  return <SimpleTable label={text.sections.claims} rows={rows} columns={columns} rowKey={(c) => `${c.kind}-${c.id}`} empty={text.emptyClaims} />;
}

const WORK_COLUMNS: TableColumn<WorkDone>[] = [
  { header: text.columns.person, cell: (w) => w.actorName },
  // The button's name; the chart's name beside it, as QA's audit names it (two charts may name an action alike).
  {
    header: text.columns.action,
    cell: (w) => (
      <>
        {w.label} <span className="text-xs text-slate-500">({w.chart})</span>
      </>
    ),
  },
  { header: text.columns.count, cell: (w) => formatCount(w.count), className: 'tabular-nums' },
];

export function WorkTable({ rows }: { rows: readonly WorkDone[] }) {
  return <SimpleTable label={text.sections.work} rows={rows} columns={WORK_COLUMNS} rowKey={(w) => `${w.actorId}-${w.chart}-${w.event}`} empty={text.emptyWork} />;
}

/** The page's figures as one CSV: the queues, the provinces, the late entries, the claims and today's work. */
export function supervisionCsvRows(data: Supervision, claims: readonly HeldClaim[]): (string | number | null)[][] {
  const c = text.columns;
  return [
    [c.queue, c.depth, `${c.oldest} (min)`, `${c.p50} (min)`, `${c.p90} (min)`, `${c.level} (h)`, c.over, c.state],
    ...data.queues.map((f) => [queueName(f), f.depth, f.oldestMinutes, f.p50Minutes, f.p90Minutes, f.slaHours, f.overCount, queueState(f) ? SlaText[queueState(f)!] : '']),
    [],
    [c.province, c.depth, `${c.oldest} (min)`, c.over],
    ...data.provinces.map((p) => [p.name, p.depth, p.oldestMinutes, p.overCount]),
    [],
    [c.queue, c.entry, c.order, c.what, `${c.age} (min)`],
    ...data.over.map((o) => [text.queues[o.queue], text.entry(o.kind, o.id), o.orderId, whatText(o.what), o.ageMinutes]),
    [],
    [c.entry, c.order, c.holder, c.since, `${c.heldFor} (min)`],
    ...claims.map((h) => [text.entry(h.kind, h.id), h.orderId, h.holderName, formatDateTime(h.claimedAt), h.heldMinutes]),
    [],
    [c.person, c.action, c.count],
    ...data.workDone.map((w) => [w.actorName, `${w.label} (${w.chart})`, w.count]),
    [],
    [text.sections.history, ...data.history.days],
    ...data.history.series.map((s) => [text.queues[s.queue], ...s.depths]),
  ];
}
