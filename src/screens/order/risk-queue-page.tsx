import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { getRiskQueue } from '@/api/queues';
import type { RiskQueueEntry } from '@/api/contract/queues';
import { formatMoney, formatScore } from '@/domain/format';
import { orderStatusLabel } from '@/domain/order-status';
import { reliabilityLabel } from '@/domain/reliability';
import { useServices } from '@/ui/session';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { scoreClass } from '@/ui/tone';
import { queueText } from '@/i18n/es-queues';
import { loadOrder } from './load-order';
import { OrderPanel } from './order-panel';
import { WorkQueue, type QueueColumn } from './work-queue';
import { SlaAge, SortField, sortOf } from './queue-sla';

const route = getRouteApi('/admin/risk-queue');

const columns = queueText.columns;

const COLUMNS: QueueColumn<RiskQueueEntry>[] = [
  { header: columns.age, cell: (e) => <SlaAge ageMinutes={e.ageMinutes} sla={e.sla} />, className: 'whitespace-nowrap' },
  { header: columns.order, cell: (e) => e.orderId },
  { header: columns.status, cell: (e) => orderStatusLabel(e.status) },
  { header: columns.score, cell: (e) => <span className={scoreClass(e.score)}>{formatScore(e.score)}</span> },
  { header: columns.amount, cell: (e) => formatMoney(e.totalPrice, e.currency), className: 'whitespace-nowrap' },
  { header: columns.reliability, cell: (e) => reliabilityLabel(e.reliability) },
  { header: columns.country, cell: (e) => e.country ?? '' },
  { header: columns.rules, cell: (e) => e.topRules.map((r) => r.factor).join(', '), className: 'text-xs' },
];

/** The opened order: the order page's panel, open on its Riesgo tab, with its actions. */
function QueueOrderPanel({ entry, onActed }: { entry: RiskQueueEntry; onActed: () => void }) {
  const services = useServices();
  const order = useShownDetail(() => loadOrder(services.orders, entry.orderId));
  return <DetailTabView tab={order}>{(row) => <OrderPanel initial={row} defaultOpen firstTab={1} onChanged={onActed} />}</DetailTabView>;
}

/** Cola de Riesgo: the orders waiting for the risk review, oldest first (or newest). */
export function RiskQueuePage() {
  const services = useServices();
  const navigate = useNavigate();
  const sort = sortOf(route.useSearch().sort);
  return (
    <WorkQueue<RiskQueueEntry>
      title={queueText.risk}
      kind="order"
      load={() => getRiskQueue(services.orders, sort ? { sort } : {})}
      filterKey={sort ?? ''}
      newestFirst={sort === 'newest'}
      filters={<SortField value={sort} onChange={(next) => void navigate({ to: '/admin/risk-queue', search: next ? { sort: next } : {} })} />}
      entryOf={(e) => ({ key: e.orderId, orderId: e.orderId, blocked: false })}
      claimOf={(e) => e.claim}
      nameOf={(e) => `${columns.order} ${e.orderId}`}
      keyName={(key) => `${columns.order} ${key}`}
      chartOf={(e) => e.chart}
      columns={COLUMNS}
      panel={(entry, onActed, reading) => <QueueOrderPanel key={`${entry.orderId}:${reading}`} entry={entry} onActed={onActed} />}
    />
  );
}
