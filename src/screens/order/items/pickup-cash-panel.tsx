import type { Services } from '@/api/services';
import type { PickedCashInfo, PickupRemittance } from '@/api/contract/pickup';
import { getPickedCashInfo, getPickupData } from '@/api/pickup';
import { isApiError } from '@/api/http';
import { deliveryStatusLabel } from '@/domain/delivery';
import { productStatusLabel } from '@/domain/products';
import { formatDateTime } from '@/domain/time';
import { formatMoney, normalizeProvince } from '@/domain/format';
import { useServices } from '@/ui/session';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { DetailSection, KeyValues } from '@/ui/detail-table';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';
import type { ItemPanelProps } from './item-types';
import { ItemFrame } from './item-frame';
import { StoredImage } from '@/ui/stored-image';
import { PickupActions } from './pickup-actions';
import { PhoneLink } from '@/ui/phone-link';

interface PickupDetails {
  data: PickupRemittance;
  /** Null while the delivery service knows nothing of the pickup. */
  info: PickedCashInfo | null;
}

/** The pickup's data, then what the delivery service says of it (by the pickup's remittance id). */
async function loadPickup(services: Services, orderId: number, foiid: number): Promise<PickupDetails> {
  const data = await getPickupData(services.orders, orderId, foiid);
  const info = await getPickedCashInfo(services.remittances, data.remittanceId).catch((error: unknown) => {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  });
  return { data, info };
}

const pickupText = pickupPrepaidText.pickup;

/**
 * A pickup cash item (PICKUP_CASH, spec details §2–§4): the remittance (sender, recipient,
 * shipping address, credit and fee), the delivery service's info (courier, team, who delivered,
 * who received, receipt) and the actions its chart allows.
 */
export function PickupCashPanel(props: ItemPanelProps) {
  const { order, item, onChanged } = props;
  const services = useServices();
  const details = useShownDetail(() => loadPickup(services, order.id, item.id));
  const changed = () => {
    details.refresh();
    onChanged();
  };

  return (
    <ItemFrame title={pickupText.title(item.id)} history={{ chart: 'pickupCashItem', entityId: item.id }}>
      <DetailTabView tab={details}>
        {({ data, info }) => {
          const a = data.shippingAddress;
                    return (
            <>
              <PickupActions {...props} data={data} onChanged={changed} />
              <KeyValues
                items={[
                  { label: pickupText.status, value: productStatusLabel(item.productType, item.status) },
                  { label: pickupText.remittanceId, value: data.remittanceId },
                  { label: pickupText.sender, value: data.sender.fullName },
                  { label: pickupText.senderDocument, value: <StoredImage url={data.sender.identityDocPhotoUrl} label={pickupText.senderDocument} /> },
                  { label: pickupText.recipient, value: data.recipient.fullName },
                  { label: pickupText.recipientPhone, value: <PhoneLink number={data.recipient.phoneNumber} /> },
                  { label: pickupText.destinationCredit, value: formatMoney(data.destinationCredit, data.destinationCurrency) },
                  { label: pickupText.fee, value: formatMoney(data.fee, data.currency) },
                ]}
              />
              <DetailSection title={pickupText.address}>
                <KeyValues
                  items={[
                    { label: pickupText.recipientName, value: a.recipientName },
                    { label: pickupText.mobile, value: <PhoneLink number={a.mobile} /> },
                    { label: pickupText.landLine, value: <PhoneLink number={a.landLine} /> },
                    { label: pickupPrepaidText.places.province, value: normalizeProvince(a.province) },
                    { label: pickupPrepaidText.places.municipality, value: a.municipality },
                    { label: pickupText.neighborhood, value: a.neighborhood },
                    { label: pickupText.street, value: a.address },
                    { label: pickupText.indications, value: a.indications },
                    { label: pickupText.deliveryFrom, value: a.deliveryFrom },
                  ]}
                />
              </DetailSection>
              <DetailSection title={pickupText.delivery}>
                {info === null ? (
                  <p className="text-sm text-slate-600">{pickupText.noDelivery}</p>
                ) : (
                  <KeyValues
                    items={[
                      { label: pickupText.deliveryStatus, value: deliveryStatusLabel(info.status) },
                      { label: pickupText.courier, value: info.pickedCash.assignedCourier?.nickname },
                      { label: pickupText.assignedTeam, value: info.pickedCash.assignedTeam },
                      { label: pickupText.deliveryTeam, value: info.pickedCash.deliveryTeam },
                      { label: pickupText.deliveredBy, value: info.pickedCash.deliveredBy },
                      { label: pickupText.receiver, value: info.pickedCash.receiver },
                      { label: pickupText.deliveryDate, value: formatDateTime(info.pickedCash.deliveryDate) },
                      { label: pickupText.notes, value: info.pickedCash.notes },
                      { label: pickupText.receipt, value: <StoredImage url={info.pickedCash.receiptImageUrl} label={pickupText.receipt} /> },
                      { label: pickupText.reason, value: info.pickedCash.reason },
                    ]}
                  />
                )}
              </DetailSection>
            </>
          );
        }}
      </DetailTabView>
    </ItemFrame>
  );
}
