import type { PaymentElement } from '@/api/contract/order-detail';
import { customerBlacklist } from '@/machines/customer/blacklist.machine';
import { listingName, listingText } from '@/i18n/es-blacklist';
import { cardCaption, isCardPayment } from '@/domain/format';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';

export interface CardActionsProps {
  /** Whose card it is. */
  accountId: number;
  element: PaymentElement;
  onChanged: () => void;
}

/**
 * Blacklist (CRM7_FRAUD_COMPLETE) or unblacklist (any editor: spec details §6) the card of a
 * payment element: the customer's card on the blacklist chart, as the Tarjetas tab offers it. The order's and the
 * charge order's payment methods show it.
 */
export function CardActions({ accountId, element, onChanged }: CardActionsProps) {
  if (!isCardPayment(element)) return null;
  const card = cardCaption(element.firstSix, element.lastFour);
  // The listing as the server restores it (the payment read carries its snapshot).
  const part = snapshotPart(element.charts, {
    lifecycle: customerBlacklist,
    subject: { accountId, kind: 'CARD', value: element.uniqueNumberIdentifier!, caption: card },
  });
  return <ChartActions label={listingText.group(card)} parts={[part]} onDone={onChanged} onFailed={onChanged} buttonName={(row) => listingName(row.event, 'CARD')} />;
}
