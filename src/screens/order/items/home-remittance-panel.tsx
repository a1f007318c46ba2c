import type { DeliveryInfo, Remittance } from '@/api/contract/remittance';
import { getDeliveryInfo, getRemittance } from '@/api/remittance';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { deliveryStatusLabel } from '@/domain/delivery';
import { formatDateTime } from '@/domain/time';
import { useServices } from '@/ui/session';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { DetailSection, KeyValues } from '@/ui/detail-table';
import { remittanceText } from '@/i18n/es-remittance';
import { itemSubject, type ItemPanelProps } from './item-types';
import { RemittanceFacts, RemittanceFrame } from './remittance-view';
import { StoredImage } from '@/ui/stored-image';

interface HomeData {
  remittance: Remittance;
  delivery: DeliveryInfo | null;
}

const homeText = remittanceText.home;

/** The delivery service's view: status, courier and team, who received it, when, notes, receipt. */
function DeliverySection({ delivery }: { delivery: DeliveryInfo | null }) {
  if (!delivery) return <p className="text-sm text-slate-600">{homeText.noDelivery}</p>;
  const d = delivery.delivery;
  return (
    <KeyValues
      items={[
        { label: homeText.deliveryStatus, value: deliveryStatusLabel(delivery.status) },
        { label: homeText.assignedCourier, value: d.assignedCourier?.nickname },
        { label: homeText.assignedTeam, value: d.assignedTeam },
        { label: homeText.deliveredBy, value: d.deliveredBy?.nickname },
        { label: homeText.deliveryTeam, value: d.deliveryTeam },
        { label: homeText.receiver, value: d.receiver },
        { label: homeText.deliveryDate, value: formatDateTime(d.deliveryDate) },
        { label: homeText.notes, value: d.notes },
        { label: homeText.receipt, value: <StoredImage url={d.receiptImageUrl} label={homeText.receipt} /> },
        { label: homeText.reason, value: d.reason },
      ]}
    />
  );
}

/**
 * A home remittance item (REMESA_A_DOMICILIO): the remittance, the delivery service's info, and
 * the actions its table offers this staff member in the item's status (spec details §4). Its forms
 * (src/machines/items/home-remittance.form.ts) open with the address shown; "Reportar entrega"
 * sends the receipt first, as its form declares.
 */
export function HomeRemittancePanel(props: ItemPanelProps) {
  const { order, item, onChanged } = props;
  const services = useServices();
  const data = useShownDetail<HomeData>(async () => {
    const [remittance, delivery] = await Promise.all([getRemittance(services.orders, order.id, item.id), getDeliveryInfo(services.remittances, item.id)]);
    return { remittance, delivery };
  });
  const id = item.id;

  return (
    <RemittanceFrame title={homeText.title(id)} chart={homeRemittance.name} item={item}>
      <ChartActions
        label={remittanceText.actions.group(id)}
        parts={[snapshotPart(item.charts, { lifecycle: homeRemittance, subject: itemSubject(props), shown: { shippingAddress: data.data?.remittance.shippingAddress } })]}
        onDone={() => {
          onChanged();
          data.refresh();
        }}
      />
      <DetailTabView tab={data}>
        {({ remittance, delivery }) => (
          <>
            <RemittanceFacts remittance={remittance} item={item} bank={false} />
            <DetailSection title={homeText.delivery}>
              <DeliverySection delivery={delivery} />
            </DetailSection>
          </>
        )}
      </DetailTabView>
    </RemittanceFrame>
  );
}
