import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import type { PaymentElement } from '@/api/contract/order-detail';
import { customerBlacklist } from '@/machines/customer/blacklist.machine';
import { listingName, listingText } from '@/i18n/es-blacklist';
import { cardCaption, isCardPayment } from '@/domain/format';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';

/**
 * A customer's card on the blacklist chart, as the server restores it (the read carries its
 * snapshot): the Tarjetas tab's saved card (saved-card-actions.tsx) and a payment element's card
 * (below) offer the same part.
 */
export function cardListingPart(charts: readonly ChartSnapshot[] | undefined, card: { accountId: number; value: string; caption: string }) {
  return snapshotPart(charts, { lifecycle: customerBlacklist, subject: { accountId: card.accountId, kind: 'CARD', value: card.value, caption: card.caption } });
}

export interface CardListingActionsProps {
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
export function CardListingActions({ accountId, element, onChanged }: CardListingActionsProps) {
  if (!isCardPayment(element)) return null;
  const card = cardCaption(element.firstSix, element.lastFour);
  const part = cardListingPart(element.charts, { accountId, value: element.uniqueNumberIdentifier!, caption: card });
  return <ChartActions label={listingText.group(card)} parts={[part]} onDone={onChanged} onFailed={onChanged} buttonName={(row) => listingName(row.event, 'CARD')} />;
}
