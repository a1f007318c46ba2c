import type { DeliveryInfo, HomeShippingBody, Remittance } from '@/api/contract/remittance';
import { getDeliveryInfo, getRemittance } from '@/api/remittance';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { homeRemittanceActions, type DeliveryReport } from '@/machines/items/home-remittance.actions';
import { rowFor } from '@/machines/lifecycle/table';
import { deliveryStatusLabel } from '@/domain/delivery';
import { HOME_REMITTANCE } from '@/domain/remittance';
import { formatDateTime } from '@/domain/time';
import { useServices } from '@/ui/session';
import { ChartActions, chartForm, snapshotPart } from '@/ui/chart-actions';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { DetailSection, KeyValues } from '@/ui/detail-table';
import { remittanceText } from '@/i18n/es-remittance';
import { itemSubject, type ItemPanelProps } from './item-types';
import { ShippingFields, shippingForm, type ShippingForm } from '@/ui/shipping-fields';
import { RemittanceFacts, RemittanceFrame } from './remittance-view';
import { StoredImage } from '@/ui/stored-image';
import { checkDelivery, checkHomeAddress, checkReason, DeliveryFields, deliveryForm, ReasonField, type DeliveryForm } from './remittance-forms';

interface HomeData {
  remittance: Remittance;
  delivery: DeliveryInfo | null;
}

const homeText = remittanceText.home;
const formText = remittanceText.forms;
const UPLOAD_RECEIPT = rowFor(homeRemittanceActions, 'item.uploadReceipt')!;

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

/** A reason form (review, back to processing). */
const reasonForm = (title: string, fieldId: string) =>
  chartForm<{ reason: string }, string>({
    title,
    initial: () => ({ reason: '' }),
    validate: ({ reason }) => checkReason(reason),
    fields: (form, change) => <ReasonField id={fieldId} value={form.reason} onChange={(reason) => change({ reason })} />,
  });

/**
 * A home remittance item (REMESA_A_DOMICILIO): the remittance, the delivery service's info, and
 * the actions its table offers this staff member in the item's status (spec details §4).
 */
export function HomeRemittancePanel(props: ItemPanelProps) {
  const { order, item, onChanged } = props;
  const services = useServices();
  const data = useShownDetail<HomeData>(async () => {
    const [remittance, delivery] = await Promise.all([getRemittance(services.orders, order.id, item.id), getDeliveryInfo(services.remittances, item.id)]);
    return { remittance, delivery };
  });
  const id = item.id;

  const forms = {
    'item.modifyDestination': chartForm<ShippingForm, HomeShippingBody>({
      title: formText.homeDestinationTitle(id),
      initial: () => shippingForm(data.data?.remittance.shippingAddress),
      validate: (form) => checkHomeAddress(id, form),
      fields: (form, change) => <ShippingFields idPrefix={`home-address-${id}`} productType={HOME_REMITTANCE} form={form} change={change} />,
    }),
    'item.review': reasonForm(formText.reviewTitle(id), `review-${id}`),
    'item.backToProcessing': reasonForm(formText.backTitle(id), `back-${id}`),
    'item.deliver': chartForm<DeliveryForm, DeliveryReport>({
      title: formText.deliverTitle,
      initial: () => deliveryForm(),
      validate: (form) => checkDelivery(form),
      fields: (form, change) => <DeliveryFields id={id} form={form} change={change} />,
      // "Reportar entrega": the receipt goes up first, its URL goes with the delivery.
      before: async (report, send) => {
        if (!report.receipt) return report;
        const { receiptImageUrl } = (await send(UPLOAD_RECEIPT, report.receipt)) as { receiptImageUrl: string };
        return { ...report, receipt: null, receiptImageUrl };
      },
    }),
  };

  return (
    <RemittanceFrame title={homeText.title(id)} item={item}>
      <ChartActions
        label={remittanceText.actions.group(id)}
        parts={[snapshotPart(item.charts, { lifecycle: homeRemittance, subject: itemSubject(props), forms })]}
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
