import type { OrderRow } from '@/api/contract/order-lists';
import type { Offer } from '@/api/contract/order-detail';

export interface OfferActionsProps {
  order: OrderRow;
  offer: Offer;
  onChanged: () => void;
}

/** An offer's actions (refunds, pass to credit and back, compensation): in progress. */
export function OfferActions(_props: OfferActionsProps) {
  return null;
}
