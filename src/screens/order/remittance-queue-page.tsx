import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { RemittanceQueueEntry } from '@/api/contract/queues';
import type { OfferItem, Offer } from '@/api/contract/order-detail';
import type { OrderRow } from '@/api/contract/order-lists';
import { QUEUE_AGES, REMITTANCE_QUEUE_PRODUCTS } from '@/domain/queues';
import { REMITTANCE_PROVIDERS } from '@/domain/remittance';
import { formatMoney, normalizeProvince } from '@/domain/format';
import { productStatusLabel } from '@/domain/products';
import { orderStatusLabel } from '@/domain/order-status';
import { useServices } from '@/ui/session';
import { SelectField } from '@/ui/fields';
import { CodeText } from '@/ui/code-text';
import { useProvinces } from '@/ui/place-fields';
import { DetailTabView, RereadRegion, useShownDetail } from '@/ui/detail-tab';
import { queueText } from '@/i18n/es-queues';
import { loadOrder } from './load-order';
import { loadOffers } from './offers-tab';
import { ItemPanel } from './items/item-panel';
import { WorkQueue, type QueueColumn } from './work-queue';
import { SlaAge, SortField } from './queue-sla';
import { remittanceQueryOf } from './queue-queries';
import { OrderLink } from '@/ui/links';

const route = getRouteApi('/admin/remittance-queue');
const columns = queueText.columns;

const COLUMNS: QueueColumn<RemittanceQueueEntry>[] = [
  // Its rows take two lines from 1280 to 1536 px (WorkQueue's twoLines): the widest texts wrap, each column
  // wide enough for its text in two lines (a late age, an order's status broken after an underscore).
  { header: columns.age, cell: (e) => <SlaAge ageMinutes={e.ageMinutes} sla={e.sla} />, className: 'min-w-[6.5rem]' },
  { header: columns.item, cell: (e) => e.itemId },
  { header: columns.product, cell: (e) => queueText.products[e.productType] },
  { header: columns.status, cell: (e) => productStatusLabel(e.productType, e.status) },
  { header: columns.amount, cell: (e) => formatMoney(e.amount, e.currency), className: 'whitespace-nowrap' },
  { header: columns.province, cell: (e) => normalizeProvince(e.province) },
  { header: columns.provider, cell: (e) => e.provider ?? '' },
  { header: columns.orderStatus, cell: (e) => <CodeText code={orderStatusLabel(e.orderStatus)} />, className: 'min-w-[7.5rem]' },
];

/** An entry as a courier's phone shows it (issue 41 §4): who, where, how much, its status, its order a tap away, how long it waits. */
function QueueCard({ entry: e }: { entry: RemittanceQueueEntry }) {
  return (
    <>
      <p className="flex justify-between gap-2">
        <span className="font-medium text-slate-900">{e.recipient ?? ''}</span>
        <span className="whitespace-nowrap">{formatMoney(e.amount, e.currency)}</span>
      </p>
      <p className="text-slate-700">
        {[queueText.products[e.productType], productStatusLabel(e.productType, e.status), normalizeProvince(e.province)].filter(Boolean).join(' · ')}
      </p>
      <p className="flex items-center justify-between gap-2">
        <span>
          {columns.order} <OrderLink id={e.orderId} />
        </span>
        <SlaAge ageMinutes={e.ageMinutes} sla={e.sla} />
      </p>
    </>
  );
}

/**
 * The item as the queue last read it: its status and its chart are the list's entry, so the row and
 * the panel read one source and say the same the moment the list is read again after an action (the
 * panel's own read, the remittance's data, follows once the result is closed).
 */
const asQueued = (item: OfferItem, entry: RemittanceQueueEntry): OfferItem => ({
  ...item,
  status: entry.status,
  charts: [entry.chart, ...(item.charts ?? []).filter((c) => c.chart !== entry.chart.chart)],
});

/** The opened item: its order read as the order page reads it, and the same product panel; both read again when the queue says so. */
function QueueItemPanel({ entry, onActed }: { entry: RemittanceQueueEntry; onActed: () => void }) {
  const services = useServices();
  const detail = useShownDetail(async () => {
    const order = await loadOrder(services.orders, entry.orderId);
    const offers = await loadOffers(services, order);
    for (const { offer, items } of offers) {
      const item = items.find((i) => i.id === entry.itemId);
      if (item) return { order, offer, item } as { order: OrderRow; offer: Offer; item: OfferItem };
    }
    throw new Error(queueText.itemPanel(entry.itemId));
  });
  return (
    <>
      {/* The item's order, one tap away (a courier on a phone has no order search at hand). */}
      <p className="text-sm text-slate-700">
        {queueText.columns.order} <OrderLink id={entry.orderId} />
      </p>
      <DetailTabView tab={detail}>{({ order, offer, item }) => <ItemPanel order={order} offer={offer} item={asQueued(item, entry)} onChanged={onActed} />}</DetailTabView>
    </>
  );
}

/** Cola de Remesas: the bank, home and pickup items waiting for this person, oldest first (or newest). */
export function RemittanceQueuePage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  // The filter's choices; without the catalogue (still loading, or failed) the filter offers none.
  const provinces = (useProvinces('REMESA_A_DOMICILIO').data ?? []).map((p) => ({ value: p.provinceCode, label: normalizeProvince(p.province) }));
  const filter = (patch: Record<string, string | undefined>) => void navigate({ to: '/admin/remittance-queue', search: { ...search, ...patch } });
  const query = remittanceQueryOf(search);
  // The first read is the loader's, sent as the navigation started; each filter after it, the chart's.
  const read = route.useLoaderData({ select: (data) => data.read });
  const filters = queueText.filters;
  return (
    <WorkQueue<RemittanceQueueEntry, typeof query>
      title={queueText.remittances}
      kind="item"
      load={read}
      query={query}
      newestFirst={query.sort === 'newest'}
      entryOf={(e) => ({ key: e.itemId, orderId: e.orderId, blocked: e.blocked })}
      blockedText={(e) => (e.approval ? queueText.awaitingApproval(e.approval.id, e.approval.requesterName) : queueText.blocked)}
      claimOf={(e) => e.claim}
      nameOf={(e) => `${columns.item} ${e.itemId}`}
      keyName={(key) => `${columns.item} ${key}`}
      chartOf={(e) => e.chart}
      columns={COLUMNS}
      card={(entry) => <QueueCard entry={entry} />}
      twoLines
      filters={
        <div role="group" aria-label={filters.label} className="flex flex-wrap gap-3">
          <SelectField
            id="queue-product"
            label={filters.product}
            emptyLabel={filters.any}
            value={query.product ?? ''}
            onChange={(e) => filter({ product: e.target.value || undefined })}
            options={REMITTANCE_QUEUE_PRODUCTS.map((p) => ({ value: p, label: queueText.products[p] }))}
          />
          <SelectField id="queue-province" label={filters.province} emptyLabel={filters.any} value={query.province ?? ''} onChange={(e) => filter({ province: e.target.value || undefined })} options={provinces} />
          <SelectField
            id="queue-provider"
            label={filters.provider}
            emptyLabel={filters.any}
            value={query.provider ?? ''}
            onChange={(e) => filter({ provider: e.target.value || undefined })}
            options={REMITTANCE_PROVIDERS.map((p) => ({ value: p, label: p }))}
          />
          <SelectField
            id="queue-age"
            label={filters.age}
            emptyLabel={filters.any}
            value={query.minAgeHours ?? ''}
            onChange={(e) => filter({ minAgeHours: e.target.value || undefined })}
            options={QUEUE_AGES.map((h) => ({ value: String(h), label: filters.olderThan(h) }))}
          />
          <SortField value={query.sort} onChange={(sort) => filter({ sort })} />
        </div>
      }
      panel={(entry, onActed, rereads) => (
        <RereadRegion key={entry.itemId} chart={rereads}>
          <QueueItemPanel entry={entry} onActed={onActed} />
        </RereadRegion>
      )}
    />
  );
}
