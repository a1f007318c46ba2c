import type { PaymentMethod } from '@/api/contract/customer-detail';
import { cardName } from '@/domain/cards';
import { savedCard } from '@/machines/customer/card.machine';
import { cardCaption } from '@/domain/format';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import { cardText } from '@/i18n/es-cards';
import { cardListingPart } from './card-listing';

/** A card's actions in the Tarjetas tab: what the card's chart offers this staff member now. */
export function CardActionsCell({ card, onChanged }: { card: PaymentMethod; onChanged: () => void }) {
  const name = cardName(card);
  // Both charts as the server restores them (the card read carries their snapshots); the
  // gateway shown is what 'Cambiar pasarela' opens with.
  const part = snapshotPart(card.charts, {
    lifecycle: savedCard,
    subject: { accountId: card.accountId, id: card.id, firstSix: card.firstSix, lastFour: card.lastFour },
    shown: { paymentSystem: card.paymentSystem },
  });
  // The card on the blacklist: the same part as the order's payment elements (card-listing.tsx).
  const listing = cardListingPart(card.charts, { accountId: card.accountId, value: card.uniqueNumberIdentifier, caption: cardCaption(card.firstSix, card.lastFour) });
  return <ChartActions label={cardText.group(name)} parts={[part, listing]} onDone={onChanged} onFailed={onChanged} buttonName={(row) => `${row.label} ${name}`} />;
}
