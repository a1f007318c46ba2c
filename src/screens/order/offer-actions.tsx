import type { OrderRow } from '@/api/contract/order-lists';
import type { Offer } from '@/api/contract/order-detail';
import { offer as offerLifecycle } from '@/machines/order/offer.machine';
import { refund } from '@/machines/order/refund.machine';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import { orderActionText } from '@/i18n/es-order-actions';

export interface OfferActionsProps {
  order: OrderRow;
  offer: Offer;
  onChanged: () => void;
}

const text = orderActionText.offer;

/**
 * An offer's refunds (partial, total: the refund table) and its pass to credit and revert (the
 * offer table), in one group. Their forms sit beside their charts (src/machines/order/offer.form.ts)
 * and open with what the card shows: the price, what was refunded, a compound payment.
 */
export function OfferActions({ order, offer, onChanged }: OfferActionsProps) {
  const subject = { id: offer.id, orderId: order.id, title: offer.title, currency: order.currency };
  const shown = { price: offer.price, refunded: offer.refunded, compound: order.paymentOrderlist.length > 1 };
  return (
    <ChartActions
      label={text.group(offer.title)}
      parts={[
        // The offer's charts as the server restores them (the offers read carries them).
        snapshotPart(offer.charts, { lifecycle: refund, subject, shown }),
        snapshotPart(offer.charts, { lifecycle: offerLifecycle, subject, shown }),
      ]}
      onDone={onChanged}
    />
  );
}
