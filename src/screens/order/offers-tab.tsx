import { useId } from 'react';
import type { Services } from '@/api/services';
import type { OrderRow } from '@/api/contract/order-lists';
import type { Offer, OfferItem } from '@/api/contract/order-detail';
import { getOfferItems, getOffers } from '@/api/order-detail';
import { productStatusLabel } from '@/domain/products';
import { formatDateTime } from '@/domain/time';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { HoldStill } from '@/ui/hold-still';
import { KeyValues, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { CustomerLink } from '@/ui/links';
import { orderText } from '@/i18n/es-order';
import { OfferActions } from './offer-actions';
import { ItemPanel } from './items/item-panel';
import { formatMoney } from '@/domain/format';

export interface OfferWithItems {
  offer: Offer;
  items: OfferItem[];
}

/** The offers of the order, each with its items. */
export async function loadOffers(services: Services, order: OrderRow): Promise<OfferWithItems[]> {
  const offers = await getOffers(services.orders, order.id);
  const items = await Promise.all(offers.map((offer) => getOfferItems(services.orders, offer.id)));
  return offers.map((offer, i) => ({ offer, items: items[i] ?? [] }));
}

const itemText = orderText.offers.item;
/** The offer's items; the amount is what was charged, in the order's currency. */
const itemColumns = (orderCurrency: string): TableColumn<OfferItem>[] => [
  { header: itemText.id, cell: (i) => i.id },
  { header: itemText.status, cell: (i) => productStatusLabel(i.productType, i.status) },
  { header: itemText.product, cell: (i) => i.productType },
  {
    header: itemText.destination,
    cell: (i) => (
      <>
        {i.orderData.destinationAccountId !== null ? <CustomerLink id={i.orderData.destinationAccountId} /> : i.orderData.destination}
        {i.orderData.destinationName ? <span className="block text-xs text-slate-600">{i.orderData.destinationName}</span> : null}
      </>
    ),
  },
  { header: itemText.amount, cell: (i) => formatMoney(i.amount, orderCurrency), className: 'whitespace-nowrap' },
  // The destination's currency (a CUP top-up is paid in USD).
  { header: itemText.currency, cell: (i) => i.orderData.currency },
  { header: itemText.tries, cell: (i) => i.tries },
  { header: itemText.tracking, cell: (i) => i.trackingNumber ?? '' },
  { header: itemText.provider, cell: (i) => i.provider ?? '' },
  { header: itemText.created, cell: (i) => formatDateTime(i.createdDate), className: 'whitespace-nowrap' },
];

function OfferCard({ order, entry, onChanged }: { order: OrderRow; entry: OfferWithItems; onChanged: () => void }) {
  const { offer, items } = entry;
  const headingId = useId();
  const money = (n: number) => formatMoney(n, order.currency);
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-md p-3 ring-1 ring-slate-200">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {offer.title}
      </h3>
      <KeyValues
        items={[
          { label: orderText.offers.description, value: offer.description },
          { label: orderText.offers.status, value: offer.status },
          { label: orderText.offers.listPrice, value: money(offer.listPrice) },
          { label: orderText.offers.discount, value: money(offer.discount) },
          { label: orderText.offers.price, value: money(offer.price) },
          { label: orderText.offers.refunded, value: money(offer.refunded) },
          { label: orderText.offers.credited, value: money(offer.credited) },
          { label: orderText.offers.startDate, value: formatDateTime(offer.startDate) },
          { label: orderText.offers.endDate, value: formatDateTime(offer.endDate) },
        ]}
      />
      <SimpleTable label={orderText.offers.items(offer.title)} rows={items} columns={itemColumns(order.currency)} rowKey={(i) => i.id} empty={orderText.empty} />
      <OfferActions order={order} offer={offer} onChanged={onChanged} />
      {items.map((item) => (
        <ItemPanel key={item.id} order={order} offer={offer} item={item} onChanged={onChanged} />
      ))}
    </article>
  );
}

/** Oferta: each offer (title, description, status, prices, dates), its items and its actions. */
export function OffersTab({ tab, order, onChanged }: { tab: DetailTab<OfferWithItems[]>; order: OrderRow; onChanged: () => void }) {
  return (
    <DetailTabView tab={tab}>
      {(offers) =>
        offers.length === 0 ? (
          <p className="text-sm text-slate-600">{orderText.empty}</p>
        ) : (
          // The offers and their items' panels appear together, once every panel has its data.
          <HoldStill>
            <div className="space-y-3">
              {offers.map((entry) => (
                <OfferCard key={entry.offer.id} order={order} entry={entry} onChanged={onChanged} />
              ))}
            </div>
          </HoldStill>
        )
      }
    </DetailTabView>
  );
}
