import { pickImage, imageProblem } from '@/ui/images';
import { checkBody } from '@/api/contract/check';
import { PickupDeliverBody, ShippingAddressBody, type PickupRemittance } from '@/api/contract/pickup';
import { pickupCash } from '@/machines/items/pickup-cash.machine';
import type { PickupDelivery } from '@/machines/items/pickup-cash.actions';
import { PickupPrepaidMsg } from '@/domain/pickup-prepaid';
import { IMAGE_TYPES, RemittanceMsg } from '@/domain/remittance';
import { dayjs, DISPLAY_TIME_ZONE } from '@/domain/time';
import { ChartActions, chartForm, snapshotPart } from '@/ui/chart-actions';
import { InputField, bound } from '@/ui/fields';
import type { Validation } from '@/ui/action-flow-logic';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';
import { ShippingFields, shippingForm, type ShippingForm } from '@/ui/shipping-fields';

import { itemSubject, type ItemPanelProps } from './item-types';

interface DeliverForm {
  receiver: string;
  /** datetime-local, in Toronto. */
  when: string;
  notes: string;
}

const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm';
/** Leeway for a delivery reported a few minutes ahead (as the server allows). */
const CLOCK_SKEW_MS = 5 * 60_000;
const text = pickupPrepaidText.pickup;

/** The server's rules for a delivery report, and a time not ahead of the clock (as the server allows). */
function checkDelivery(remittanceId: number, { receiver, when, notes }: DeliverForm, now = Date.now()): Validation<PickupDelivery> {
  const at = dayjs.tz(when, LOCAL_FORMAT, DISPLAY_TIME_ZONE);
  const checked = checkBody(PickupDeliverBody, { remittanceId, receiver, deliveryDate: at.isValid() ? at.toISOString() : '', notes });
  if (!checked.ok) return checked;
  if (at.valueOf() > now + CLOCK_SKEW_MS) return { ok: false, message: PickupPrepaidMsg.futureDate };
  const { receiver: who, deliveryDate, notes: said } = checked.payload;
  return { ok: true, payload: { receiver: who, deliveryDate, notes: said } };
}

export interface PickupActionsProps extends ItemPanelProps {
  data: PickupRemittance;
}

/** A pickup's actions, as its table offers them for the item's status and the delivery service's (the item's snapshot carries both). */
export function PickupActions(props: PickupActionsProps) {
  const { order, item, data, onChanged } = props;
  const id = item.id;
  const field = (name: string) => `pickup-${id}-${name}`;

  const forms = {
    'item.editDestination': chartForm<ShippingForm, ShippingAddressBody>({
      title: text.editTitle(id),
      initial: () => shippingForm(data.shippingAddress),
      validate: (form) => checkBody(ShippingAddressBody, { ...form, orderId: order.id, foiid: id }),
      fields: (form, change) => <ShippingFields idPrefix={field('address')} productType="PICKUP_CASH" form={form} change={change} />,
    }),
    'item.review': chartForm<{ reason: string }, string>({
      title: text.reviewTitle(id),
      initial: () => ({ reason: '' }),
      validate: ({ reason }) => (reason.trim() ? { ok: true, payload: reason.trim() } : { ok: false, message: PickupPrepaidMsg.reason }),
      fields: (form, change) => <InputField id={field('reason')} label={text.reviewReason} {...bound(form, change, 'reason')} autoComplete="off" />,
    }),
    'item.deliver': chartForm<DeliverForm, PickupDelivery>({
      title: text.deliverTitle(id),
      initial: () => ({ receiver: '', when: dayjs().tz(DISPLAY_TIME_ZONE).format(LOCAL_FORMAT), notes: '' }),
      validate: (form) => checkDelivery(data.remittanceId, form),
      fields: (form, change) => (
        <>
          <InputField id={field('receiver')} label={text.receiver} {...bound(form, change, 'receiver')} autoComplete="off" />
          <InputField id={field('when')} label={text.deliveryDate} type="datetime-local" {...bound(form, change, 'when')} />
          <InputField id={field('notes')} label={text.notes} {...bound(form, change, 'notes')} autoComplete="off" />
        </>
      ),
    }),
    'item.attachReceipt': chartForm<{ file: File | undefined }, File>({
      title: text.receiptTitle(id),
      initial: () => ({ file: undefined }),
      validate: ({ file }) => {
        if (!file) return { ok: false, message: RemittanceMsg.imageRequired };
        const problem = imageProblem(file);
        return problem ? { ok: false, message: problem } : { ok: true, payload: file };
      },
      fields: (_form, change) => <InputField id={field('receipt')} label={text.receiptFile} type="file" accept={IMAGE_TYPES.join(',')} onChange={(e) => change({ file: pickImage(e.target.files) })} />,
    }),
  };

  return (
    <ChartActions
      label={pickupPrepaidText.group(id)}
      parts={[
        snapshotPart(props.item.charts, {
          lifecycle: pickupCash,
          subject: { ...itemSubject(props), pickupId: data.remittanceId },
          forms,
        }),
      ]}
      onDone={onChanged}
    />
  );
}
