import type { OrderRow } from '@/api/contract/order-lists';
import type { Offer, OfferItem } from '@/api/contract/order-detail';
import type { ItemSubject } from '@/machines/items/item';

/** What every product's panel gets (the lazy panels and their loader share it from here, not from each other). */
export interface ItemPanelProps {
  order: OrderRow;
  offer: Offer;
  item: OfferItem;
  /** Reload the order and its tabs after a change. */
  onChanged: () => void;
}

/** The item as its action tables name it. */
export function itemSubject({ order, offer, item }: Pick<ItemPanelProps, 'order' | 'offer' | 'item'>): ItemSubject {
  return { id: item.id, orderId: order.id, offerId: offer.id, appName: order.appName };
}
