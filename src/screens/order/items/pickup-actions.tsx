import { ActionBar } from '@/ui/action-bar';
import { Fragment, type ReactNode } from 'react';
import type { OrderRow } from '@/api/contract/order-lists';
import type { OfferItem } from '@/api/contract/order-detail';
import { checkBody } from '@/api/contract/check';
import { PickupDeliverBody, ShippingAddressBody, type PickedCashInfo, type PickupRemittance } from '@/api/contract/pickup';
import { approvePickup, attachPickupReceipt, cancelPickup, deliverPickup, refreshPickup, reviewPickup, updatePickupAddress } from '@/api/pickup';
import { pickupCashItemMachine, type PickupCashEvent } from '@/machines/items/pickup-cash.machine';
import { PickupPrepaidMsg } from '@/domain/pickup-prepaid';
import { IMAGE_TYPES, RemittanceMsg } from '@/domain/remittance';
import { productStatusLabel } from '@/domain/products';
import { dayjs, DISPLAY_TIME_ZONE } from '@/domain/time';
import { useServices, useSession } from '@/ui/session';
import { useConfirmAction, useFormAction } from '@/ui/action-button';
import { InputField } from '@/ui/fields';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';
import { ShippingFields, shippingForm, type ShippingForm } from './shipping-fields';
import { imageProblem, pickImage } from './remittance-forms';
import { useItemChart } from './use-item-chart';

interface DeliverForm {
  receiver: string;
  /** datetime-local, in Toronto. */
  when: string;
  notes: string;
}

const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm';
/** Leeway for a delivery reported a few minutes ahead (as the server allows). */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface PickupActionsProps {
  order: OrderRow;
  item: OfferItem;
  data: PickupRemittance;
  info: PickedCashInfo | null;
  /** Reload the pickup, the order and its tabs after a change. */
  onChanged: () => void;
}

/**
 * A pickup's actions, each shown because the pickup chart allows it for this staff member in the
 * item's status and the delivery service's. The flows live here, not in their buttons: an
 * approved pickup loses "Aprobar" while its success dialog is still open.
 */
export function PickupActions({ order, item, data, info, onChanged }: PickupActionsProps) {
  const services = useServices();
  const accountId = useSession((c) => c.profile?.accountId);
  const { can } = useItemChart(pickupCashItemMachine, item.status, { deliveryStatus: info?.status ?? null });
  const id = item.id;
  const field = (name: string) => `pickup-${id}-${name}`;
  // The delivery service records who decided; the server checks it is the signed-in account.
  const decision = { remittanceId: data.remittanceId, ...(accountId !== undefined ? { byAccountId: accountId } : {}) };

  const edit = useFormAction<ShippingForm, ShippingAddressBody>({
    title: pickupPrepaidText.pickup.editTitle(id),
    initial: () => shippingForm(data.shippingAddress),
    validate: (form) => checkBody(ShippingAddressBody, { ...form, orderId: order.id, foiid: id }),
    perform: async (body) => {
      await updatePickupAddress(services.orders, body);
      return pickupPrepaidText.pickup.editText(id);
    },
    successTitle: pickupPrepaidText.modified,
    onDone: onChanged,
    children: (form, change) => <ShippingFields idPrefix={field('address')} productType="PICKUP_CASH" form={form} change={change} />,
  });

  const approve = useConfirmAction({
    successTitle: pickupPrepaidText.approved,
    perform: async () => {
      await approvePickup(services, decision);
      return pickupPrepaidText.pickup.approveText(id);
    },
    onDone: onChanged,
  });

  const review = useFormAction<{ reason: string }, string>({
    title: pickupPrepaidText.pickup.reviewTitle(id),
    initial: () => ({ reason: '' }),
    validate: ({ reason }) => (reason.trim() ? { ok: true, payload: reason.trim() } : { ok: false, message: PickupPrepaidMsg.reason }),
    perform: async (reason) => {
      await reviewPickup(services, { ...decision, reason });
      return pickupPrepaidText.pickup.reviewText(id);
    },
    onDone: onChanged,
    children: (form, change) => (
      <InputField id={field('reason')} label={pickupPrepaidText.pickup.reviewReason} value={form.reason} onChange={(e) => change({ reason: e.target.value })} autoComplete="off" />
    ),
  });

  const deliver = useFormAction<DeliverForm, PickupDeliverBody>({
    title: pickupPrepaidText.pickup.deliverTitle(id),
    initial: () => ({ receiver: '', when: dayjs().tz(DISPLAY_TIME_ZONE).format(LOCAL_FORMAT), notes: '' }),
    validate: ({ receiver, when, notes }) => {
      const at = dayjs.tz(when, LOCAL_FORMAT, DISPLAY_TIME_ZONE);
      const checked = checkBody(PickupDeliverBody, { remittanceId: data.remittanceId, receiver, deliveryDate: at.isValid() ? at.toISOString() : '', notes });
      if (checked.ok && at.valueOf() > Date.now() + CLOCK_SKEW_MS) return { ok: false, message: PickupPrepaidMsg.futureDate };
      return checked;
    },
    perform: async (body) => {
      await deliverPickup(services, body);
      return pickupPrepaidText.pickup.deliverText(id);
    },
    onDone: onChanged,
    children: (form, change) => (
      <>
        <InputField id={field('receiver')} label={pickupPrepaidText.pickup.receiver} value={form.receiver} onChange={(e) => change({ receiver: e.target.value })} autoComplete="off" />
        <InputField id={field('when')} label={pickupPrepaidText.pickup.deliveryDate} type="datetime-local" value={form.when} onChange={(e) => change({ when: e.target.value })} />
        <InputField id={field('notes')} label={pickupPrepaidText.pickup.notes} value={form.notes} onChange={(e) => change({ notes: e.target.value })} autoComplete="off" />
      </>
    ),
  });

  const receipt = useFormAction<{ file: File | undefined }, File>({
    title: pickupPrepaidText.pickup.receiptTitle(id),
    initial: () => ({ file: undefined }),
    validate: ({ file }) => {
      if (!file) return { ok: false, message: RemittanceMsg.imageRequired };
      const problem = imageProblem(file);
      return problem ? { ok: false, message: problem } : { ok: true, payload: file };
    },
    perform: async (file) => {
      await attachPickupReceipt(services, data.remittanceId, file);
      return pickupPrepaidText.pickup.receiptText(id);
    },
    onDone: onChanged,
    children: (_form, change) => (
      <InputField id={field('receipt')} label={pickupPrepaidText.pickup.receiptFile} type="file" accept={IMAGE_TYPES.join(',')} onChange={(e) => change({ file: pickImage(e.target.files) })} />
    ),
  });

  const refresh = useConfirmAction({
    perform: async () => {
      const [moved] = await refreshPickup(services.orders, order.id, id);
      return pickupPrepaidText.pickup.refreshText(id, productStatusLabel('PICKUP_CASH', moved?.status ?? item.status));
    },
    onDone: onChanged,
  });

  const cancel = useConfirmAction({
    successTitle: pickupPrepaidText.cancelled,
    perform: async () => {
      await cancelPickup(services.orders, order.id, id);
      return pickupPrepaidText.pickup.cancelText(id);
    },
    onDone: onChanged,
  });

  const buttons: { event: PickupCashEvent['type']; label: string; variant: 'primary' | 'secondary' | 'danger'; onClick: () => void; dialogs: ReactNode }[] = [
    { event: 'item.editDestination', label: pickupPrepaidText.pickup.editDestination, variant: 'secondary', onClick: edit.open, dialogs: edit.dialogs },
    { event: 'item.approve', label: pickupPrepaidText.pickup.approve, variant: 'primary', onClick: () => approve.start(null), dialogs: approve.dialogs },
    { event: 'item.review', label: pickupPrepaidText.pickup.review, variant: 'secondary', onClick: review.open, dialogs: review.dialogs },
    { event: 'item.deliver', label: pickupPrepaidText.pickup.deliver, variant: 'primary', onClick: deliver.open, dialogs: deliver.dialogs },
    { event: 'item.attachReceipt', label: pickupPrepaidText.pickup.attachReceipt, variant: 'secondary', onClick: receipt.open, dialogs: receipt.dialogs },
    { event: 'item.refresh', label: pickupPrepaidText.pickup.refresh, variant: 'secondary', onClick: () => refresh.start(null), dialogs: refresh.dialogs },
    { event: 'item.cancel', label: pickupPrepaidText.pickup.cancel, variant: 'danger', onClick: () => cancel.start(null), dialogs: cancel.dialogs },
  ];
  const shown = buttons.filter((b) => can({ type: b.event }));

  return (
    <>
      <ActionBar label={pickupPrepaidText.group(id)} actions={shown.map((b) => ({ ...b, key: b.event }))} />
      {buttons.map((b) => (
        <Fragment key={b.event}>{b.dialogs}</Fragment>
      ))}
    </>
  );
}
