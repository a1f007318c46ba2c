import type { PrepaidCard } from '@/api/contract/prepaid-gift';
import { getPrepaidCard } from '@/api/prepaid-gift';
import { isApiError } from '@/api/http';
import { productStatusLabel } from '@/domain/products';
import { useServices } from '@/app/context';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { KeyValues } from '@/ui/detail-table';
import { tp } from '@/i18n/es-pickup-prepaid';
import type { ItemPanelProps } from './item-panel';
import { ItemFrame } from './item-frame';
import { PrepaidActions } from './prepaid-actions';

const L = tp.prepaid;

/**
 * A prepaid card item (PREPAID_CARD, spec details §2–§4): the status with the product's labels,
 * the recipient's destination (folio, name, phone, province, municipality, neighbourhood,
 * address, instruction) and the actions its chart allows.
 */
export function PrepaidCardPanel({ offer, item, onChanged }: ItemPanelProps) {
  const services = useServices();
  const details = useShownDetail(() =>
    getPrepaidCard(services.orders, item.id).catch((error: unknown): PrepaidCard | null => {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }),
  );
  const changed = () => {
    details.refresh();
    onChanged();
  };

  return (
    <ItemFrame title={L.title(item.id)}>
      <DetailTabView tab={details}>
        {(card) => (
          <>
            <PrepaidActions offerId={offer.id} item={item} card={card} onChanged={changed} />
            <KeyValues items={[{ label: L.status, value: productStatusLabel(item.productType, item.status) }]} />
            {card === null ? (
              <p className="text-sm text-slate-600">{L.noData}</p>
            ) : (
              <KeyValues
                items={[
                  { label: L.folio, value: card.folio },
                  { label: L.recipientFullName, value: card.recipientFullName },
                  { label: L.recipientPhoneNumber, value: card.recipientPhoneNumber },
                  { label: L.city, value: card.recipientCity },
                  { label: L.municipality, value: card.recipientMunicipality },
                  { label: L.neighborhood, value: card.recipientNeighborhood },
                  { label: L.address, value: card.recipientAddress },
                  { label: L.instruction, value: card.recipientInstruction },
                ]}
              />
            )}
          </>
        )}
      </DetailTabView>
    </ItemFrame>
  );
}
