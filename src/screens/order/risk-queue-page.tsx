import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { RiskQueueEntry } from '@/api/contract/queues';
import { formatMoney, formatScore } from '@/domain/format';
import { orderStatusLabel } from '@/domain/order-status';
import { reliabilityLabel } from '@/domain/reliability';
import { useServices, useSessionActor } from '@/ui/session';
import { DetailTabView, RereadRegion, useShownDetail, type Rereads } from '@/ui/detail-tab';
import { scoreClass } from '@/ui/tone';
import { queueText } from '@/i18n/es-queues';
import { loadOrder } from './load-order';
import { OrderPanel } from './order-panel';
import { WorkQueue, type QueueColumn } from './work-queue';
import { SlaAge, SortField } from './queue-sla';
import { riskQueryOf, sortOf } from './queue-queries';

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

/** An entry on a phone (issue 41 §4): how much and its score, its status, the customer's reliability and country, the rules that weighed most, how long it waits. */
function QueueCard({ entry: e }: { entry: RiskQueueEntry }) {
  return (
    <>
      <p className="flex justify-between gap-2">
        <span className="whitespace-nowrap">{formatMoney(e.totalPrice, e.currency)}</span>
        <span>
          {columns.score} <span className={scoreClass(e.score)}>{formatScore(e.score)}</span>
        </span>
      </p>
      <p className="text-slate-700">{[orderStatusLabel(e.status), reliabilityLabel(e.reliability), e.country ?? ''].filter(Boolean).join(' · ')}</p>
      <p className="flex items-baseline justify-between gap-2">
        <span className="text-xs">{e.topRules.map((r) => r.factor).join(', ')}</span>
        <SlaAge ageMinutes={e.ageMinutes} sla={e.sla} />
      </p>
    </>
  );
}

/** The opened order: the order page's panel, open on its Riesgo tab, with its actions; it reads again when the queue says so. */
function QueueOrderPanel({ entry, onActed, rereads }: { entry: RiskQueueEntry; onActed: () => void; rereads: Rereads }) {
  const services = useServices();
  const order = useShownDetail(() => loadOrder(services.orders, entry.orderId));
  return (
    <DetailTabView tab={order}>
      {(row) => (
        <RereadRegion chart={rereads}>
          <OrderPanel initial={row} defaultOpen firstTab={1} onChanged={onActed} />
        </RereadRegion>
      )}
    </DetailTabView>
  );
}

/**
 * Cola de Riesgo: the orders waiting for the risk review, oldest first (or newest). The bell counts
 * with the queue (the server's riskQueueCount, issue 39 §6): after a decision here the session reads
 * the bell again (`risk.changed`), so it says what the queue says, not what it read before its poll.
 */
export function RiskQueuePage() {
  const session = useSessionActor();
  const navigate = useNavigate();
  const sort = sortOf(route.useSearch().sort);
  // The first read is the loader's, sent as the navigation started; another order after it, the chart's.
  const read = route.useLoaderData({ select: (data) => data.read });
  return (
    <WorkQueue<RiskQueueEntry, typeof sort>
      title={queueText.risk}
      kind="order"
      load={(sorted) => read(riskQueryOf(sorted))}
      query={sort}
      newestFirst={sort === 'newest'}
      filters={<SortField value={sort} onChange={(next) => void navigate({ to: '/admin/risk-queue', search: next ? { sort: next } : {} })} />}
      entryOf={(e) => ({ key: e.orderId, orderId: e.orderId, blocked: false })}
      claimOf={(e) => e.claim}
      nameOf={(e) => `${columns.order} ${e.orderId}`}
      keyName={(key) => `${columns.order} ${key}`}
      chartOf={(e) => e.chart}
      columns={COLUMNS}
      card={(entry) => <QueueCard entry={entry} />}
      onDecided={() => session.send({ type: 'risk.changed' })}
      panel={(entry, onActed, rereads) => <QueueOrderPanel key={entry.orderId} entry={entry} onActed={onActed} rereads={rereads} />}
    />
  );
}
