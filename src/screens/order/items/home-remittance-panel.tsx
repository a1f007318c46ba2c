import { ActionBar } from '@/ui/action-bar';
import type { DeliveryInfo, HomeShippingBody, Remittance } from '@/api/contract/remittance';
import { homeRemittanceItemMachine, type HomeRemittanceEvent } from '@/machines/items/home-remittance.machine';
import { approveHome, deliverHome, getDeliveryInfo, getRemittance, refreshHomeStatus, reviewHome, undeliverHome, updateHomeShipping, type DeliveryReport, type HomeActor } from '@/api/remittance';
import { deliveryStatusLabel } from '@/domain/delivery';
import { productStatusLabel } from '@/domain/products';
import { HOME_REMITTANCE } from '@/domain/remittance';
import { formatDateTime } from '@/domain/time';
import { useServices, useSession } from '@/ui/session';
import { useConfirmAction, useFormAction } from '@/ui/action-button';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { DetailSection, KeyValues } from '@/ui/detail-table';
import { remittanceText } from '@/i18n/es-remittance';
import type { ItemPanelProps } from './item-panel';
import { useItemChart } from './use-item-chart';
import { ShippingFields, shippingForm, type ShippingForm } from './shipping-fields';
import { RemittanceFacts, RemittanceFrame, RemittanceImage } from './remittance-view';
import {
  checkDelivery,
  checkHomeAddress,
  checkReason,
  DeliveryFields,
  deliveryForm,
  ReasonField,
  type DeliveryForm,
} from './remittance-forms';

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
        { label: homeText.receipt, value: <RemittanceImage url={d.receiptImageUrl} label={homeText.receipt} /> },
        { label: homeText.reason, value: d.reason },
      ]}
    />
  );
}

/**
 * A home remittance item (REMESA_A_DOMICILIO): the remittance, the delivery service's info, and
 * the actions its chart allows this staff member in the item's status (spec details §4). The
 * flows live here, so a dialog outlives the button its action removes.
 */
export function HomeRemittancePanel({ order, item, onChanged }: ItemPanelProps) {
  const services = useServices();
  const accountId = useSession((c) => c.profile?.accountId ?? 0);
  const chart = useItemChart(homeRemittanceItemMachine, item.status, { trackingNumber: item.trackingNumber });
  const data = useShownDetail<HomeData>(async () => {
    const [remittance, delivery] = await Promise.all([getRemittance(services.orders, order.id, item.id), getDeliveryInfo(services.remittances, item.id)]);
    return { remittance, delivery };
  });
  const changed = () => {
    onChanged();
    data.refresh();
  };
  const id = item.id;
  const actor: HomeActor = { appName: order.appName, byAccountId: accountId, remittanceId: id };

  const destination = useFormAction<ShippingForm, HomeShippingBody>({
    title: remittanceText.forms.homeDestinationTitle(id),
    initial: () => shippingForm(data.data?.remittance.shippingAddress),
    validate: (form) => checkHomeAddress(id, form),
    perform: async (body) => {
      await updateHomeShipping(services.orders, body);
      return remittanceText.texts.destinationModified(id);
    },
    successTitle: remittanceText.modified,
    onDone: changed,
    children: (form, change) => <ShippingFields idPrefix={`home-address-${id}`} productType={HOME_REMITTANCE} form={form} change={change} />,
  });
  const approve = useConfirmAction({
    successTitle: remittanceText.approved,
    perform: async () => {
      await approveHome(services.remittances, actor, '');
      return remittanceText.texts.homeApproved(id);
    },
    onDone: changed,
  });
  const review = useFormAction<{ reason: string }, string>({
    title: remittanceText.forms.reviewTitle(id),
    initial: () => ({ reason: '' }),
    validate: ({ reason }) => checkReason(reason),
    perform: async (reason) => {
      await reviewHome(services.remittances, actor, reason);
      return remittanceText.texts.reviewed(id);
    },
    onDone: changed,
    children: (form, change) => <ReasonField id={`review-${id}`} value={form.reason} onChange={(reason) => change({ reason })} />,
  });
  const deliver = useFormAction<DeliveryForm, DeliveryReport>({
    title: remittanceText.forms.deliverTitle,
    initial: () => deliveryForm(),
    validate: (form) => checkDelivery(form),
    perform: async (report) => {
      await deliverHome(services.remittances, actor, report);
      return remittanceText.texts.delivered(id, report.receiver);
    },
    onDone: changed,
    children: (form, change) => <DeliveryFields id={id} form={form} change={change} />,
  });
  const back = useFormAction<{ reason: string }, string>({
    title: remittanceText.forms.backTitle(id),
    initial: () => ({ reason: '' }),
    validate: ({ reason }) => checkReason(reason),
    perform: async (reason) => {
      await undeliverHome(services.remittances, actor, reason);
      return remittanceText.texts.backToProcessing(id);
    },
    onDone: changed,
    children: (form, change) => <ReasonField id={`back-${id}`} value={form.reason} onChange={(reason) => change({ reason })} />,
  });
  const refresh = useConfirmAction({
    perform: async () => {
      const moved = await refreshHomeStatus(services.orders, id);
      return remittanceText.texts.refreshed(productStatusLabel(item.productType, moved.status), deliveryStatusLabel(moved.deliveryStatus));
    },
    onDone: changed,
  });

  const actionText = remittanceText.actions;
  const buttons: { event: HomeRemittanceEvent['type']; label: string; variant: 'primary' | 'secondary'; onClick: () => void }[] = [
    { event: 'item.modifyDestination', label: actionText.modifyDestination, variant: 'secondary', onClick: destination.open },
    { event: 'item.approve', label: actionText.approve, variant: 'primary', onClick: () => approve.start(null) },
    { event: 'item.review', label: actionText.review, variant: 'secondary', onClick: review.open },
    { event: 'item.deliver', label: actionText.deliver, variant: 'primary', onClick: deliver.open },
    { event: 'item.backToProcessing', label: actionText.backToProcessing, variant: 'secondary', onClick: back.open },
    { event: 'item.refresh', label: actionText.refresh, variant: 'secondary', onClick: () => refresh.start(null) },
  ];
  const shown = buttons.filter((b) => chart.can({ type: b.event }));

  return (
    <RemittanceFrame title={homeText.title(id)} item={item}>
      <ActionBar label={actionText.group(id)} actions={shown.map((b) => ({ ...b, key: b.event }))} />
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
      {destination.dialogs}
      {approve.dialogs}
      {review.dialogs}
      {deliver.dialogs}
      {back.dialogs}
      {refresh.dialogs}
    </RemittanceFrame>
  );
}
