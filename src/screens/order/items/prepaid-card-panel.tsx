import type { PrepaidCard } from '@/api/contract/prepaid-gift';
import { getPrepaidCard } from '@/api/prepaid-gift';
import { isApiError } from '@/api/http';
import { normalizeProvince } from '@/domain/format';
import { productStatusLabel } from '@/domain/products';
import { useServices } from '@/ui/session';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { KeyValues } from '@/ui/detail-table';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';
import type { ItemPanelProps } from './item-types';
import { ItemFrame } from './item-frame';
import { PrepaidActions } from './prepaid-actions';
import { PhoneLink } from '@/ui/phone-link';

const prepaidText = pickupPrepaidText.prepaid;

/**
 * A prepaid card item (PREPAID_CARD, spec details §2–§4): the status with the product's labels,
 * the recipient's destination (folio, name, phone, province, municipality, neighbourhood,
 * address, instruction) and the actions its chart allows.
 */
export function PrepaidCardPanel(props: ItemPanelProps) {
  const { item, onChanged } = props;
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
    <ItemFrame title={prepaidText.title(item.id)} history={{ chart: 'prepaidCardItem', entityId: item.id }}>
      <DetailTabView tab={details}>
        {(card) => (
          <>
            <PrepaidActions {...props} card={card} onChanged={changed} />
            <KeyValues items={[{ label: prepaidText.status, value: productStatusLabel(item.productType, item.status) }]} />
            {card === null ? (
              <p className="text-sm text-slate-600">{prepaidText.noData}</p>
            ) : (
              <KeyValues
                items={[
                  { label: prepaidText.folio, value: card.folio },
                  { label: prepaidText.recipientFullName, value: card.recipientFullName },
                  { label: prepaidText.recipientPhoneNumber, value: <PhoneLink number={card.recipientPhoneNumber} /> },
                  { label: prepaidText.city, value: normalizeProvince(card.recipientCity) },
                  { label: prepaidText.municipality, value: card.recipientMunicipality },
                  { label: prepaidText.neighborhood, value: card.recipientNeighborhood },
                  { label: prepaidText.address, value: card.recipientAddress },
                  { label: prepaidText.instruction, value: card.recipientInstruction },
                ]}
              />
            )}
          </>
        )}
      </DetailTabView>
    </ItemFrame>
  );
}
