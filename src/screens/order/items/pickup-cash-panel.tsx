import type { Services } from '@/api/services';
import type { PickedCashInfo, PickupRemittance } from '@/api/contract/pickup';
import { getPickedCashInfo, getPickupData } from '@/api/pickup';
import { isApiError } from '@/api/http';
import { deliveryStatusLabel } from '@/domain/delivery';
import { productStatusLabel } from '@/domain/products';
import { formatDateTime } from '@/domain/time';
import { useServices } from '@/app/context';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { DetailSection, KeyValues } from '@/ui/detail-table';
import { tp } from '@/i18n/es-pickup-prepaid';
import type { ItemPanelProps } from './item-panel';
import { ItemFrame } from './item-frame';
import { RemittanceImage } from './remittance-view';
import { PickupActions } from './pickup-actions';

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

const L = tp.pickup;

/**
 * A pickup cash item (PICKUP_CASH, spec details §2–§4): the remittance (sender, recipient,
 * shipping address, credit and fee), the delivery service's info (courier, team, who delivered,
 * who received, receipt) and the actions its chart allows.
 */
export function PickupCashPanel({ order, item, onChanged }: ItemPanelProps) {
  const services = useServices();
  const details = useShownDetail(() => loadPickup(services, order.id, item.id));
  const changed = () => {
    details.refresh();
    onChanged();
  };

  return (
    <ItemFrame title={L.title(item.id)}>
      <DetailTabView tab={details}>
        {({ data, info }) => {
          const a = data.shippingAddress;
          const money = (amount: number, currency: string) => tp.money(amount, currency);
          return (
            <>
              <PickupActions order={order} item={item} data={data} info={info} onChanged={changed} />
              <KeyValues
                items={[
                  { label: L.status, value: productStatusLabel(item.productType, item.status) },
                  { label: L.remittanceId, value: data.remittanceId },
                  { label: L.sender, value: data.sender.fullName },
                  { label: L.senderDocument, value: <RemittanceImage url={data.sender.identityDocPhotoUrl} label={L.senderDocument} /> },
                  { label: L.recipient, value: data.recipient.fullName },
                  { label: L.recipientPhone, value: data.recipient.phoneNumber },
                  { label: L.destinationCredit, value: money(data.destinationCredit, data.destinationCurrency) },
                  { label: L.fee, value: money(data.fee, data.currency) },
                ]}
              />
              <DetailSection title={L.address}>
                <KeyValues
                  items={[
                    { label: L.recipientName, value: a.recipientName },
                    { label: L.mobile, value: a.mobile },
                    { label: L.landLine, value: a.landLine },
                    { label: tp.places.province, value: a.province },
                    { label: tp.places.municipality, value: a.municipality },
                    { label: L.neighborhood, value: a.neighborhood },
                    { label: L.street, value: a.address },
                    { label: L.indications, value: a.indications },
                    { label: L.deliveryFrom, value: a.deliveryFrom },
                  ]}
                />
              </DetailSection>
              <DetailSection title={L.delivery}>
                {info === null ? (
                  <p className="text-sm text-slate-600">{L.noDelivery}</p>
                ) : (
                  <KeyValues
                    items={[
                      { label: L.deliveryStatus, value: deliveryStatusLabel(info.status) },
                      { label: L.courier, value: info.pickedCash.assignedCourier?.nickname },
                      { label: L.assignedTeam, value: info.pickedCash.assignedTeam },
                      { label: L.deliveryTeam, value: info.pickedCash.deliveryTeam },
                      { label: L.deliveredBy, value: info.pickedCash.deliveredBy },
                      { label: L.receiver, value: info.pickedCash.receiver },
                      { label: L.deliveryDate, value: formatDateTime(info.pickedCash.deliveryDate) },
                      { label: L.notes, value: info.pickedCash.notes },
                      { label: L.receipt, value: <RemittanceImage url={info.pickedCash.receiptImageUrl} label={L.receipt} /> },
                      { label: L.reason, value: info.pickedCash.reason },
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
