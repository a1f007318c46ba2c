import { checkBody } from '@/api/contract/check';
import { PickupDeliverBody, ShippingAddressBody } from '@/api/contract/pickup';
import { PickupPrepaidMsg } from '@/domain/pickup-prepaid';
import { RemittanceMsg, imageProblem } from '@/domain/remittance';
import { dayjs, DISPLAY_TIME_ZONE } from '@/domain/time';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';
import { formOf, type Validation } from '@/machines/lifecycle/form';
import type { ItemSubject } from './item';
import { reasonForm, receiptField, shippingFields, shippingForm, type ShippingAddressLike, type ShippingForm } from './item.form';

/** A pickup as its panel names it: the item, and the delivery service's id for it. */
export interface PickupSubject extends ItemSubject {
  pickupId: number;
}

/** What a delivery report sends: who received, when (ISO), notes; and the receipt's photo, attached after it (`after`). */
export interface PickupDelivery {
  receiver: string;
  deliveryDate: string;
  notes: string | null;
  receipt: File;
}

const text = pickupPrepaidText.pickup;

/** What a pickup's forms read beneath the chart's facts: the address the panel shows. */
export interface PickupFacts {
  status: string;
  shippingAddress?: ShippingAddressLike | null;
}

/** A delivery report as typed: `when` is datetime-local, in Toronto. */
export interface PickupDeliverForm {
  receiver: string;
  when: string;
  notes: string;
  receipt: File | undefined;
}

const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm';
/** Leeway for a delivery reported a few minutes ahead (as the server allows). */
const CLOCK_SKEW_MS = 5 * 60_000;
const form = formOf<PickupFacts, PickupSubject>();

/** A receipt's photo: required, an image the server takes. */
function checkReceipt(file: File | undefined): Validation<File> {
  if (!file) return { ok: false, message: RemittanceMsg.imageRequired };
  const problem = imageProblem(file);
  return problem ? { ok: false, message: problem } : { ok: true, payload: file };
}

/** The server's rules for a delivery report, a time not ahead of the clock (as the server allows), then the receipt's photo. */
export function checkPickupDelivery(remittanceId: number, { receiver, when, notes, receipt }: PickupDeliverForm, now = Date.now()): Validation<PickupDelivery> {
  const at = dayjs.tz(when, LOCAL_FORMAT, DISPLAY_TIME_ZONE);
  const checked = checkBody(PickupDeliverBody, { remittanceId, receiver, deliveryDate: at.isValid() ? at.toISOString() : '', notes });
  if (!checked.ok) return checked;
  if (at.valueOf() > now + CLOCK_SKEW_MS) return { ok: false, message: PickupPrepaidMsg.futureDate };
  const photo = checkReceipt(receipt);
  if (!photo.ok) return photo;
  const { receiver: who, deliveryDate, notes: said } = checked.payload;
  return { ok: true, payload: { receiver: who, deliveryDate, notes: said, receipt: photo.payload } };
}

/** 'Modificar destino': the pickup's shipping address. */
export const pickupAddressForm = form({
  title: (_c, s) => text.editTitle(s.id),
  id: (s) => `pickup-${s.id}-address`,
  columns: 2,
  fields: shippingFields<ShippingForm>('PICKUP_CASH'),
  initial: (c) => shippingForm(c.shippingAddress),
  validate: (f, _c, s) => checkBody(ShippingAddressBody, { ...f, orderId: s.orderId, foiid: s.id }),
});

/** 'Enviar a revisión': the reason. */
export const pickupReviewForm = reasonForm({ title: text.reviewTitle, stem: 'pickup-reason', label: text.reviewReason, required: PickupPrepaidMsg.reason });

/**
 * 'Reportar entrega': who received the cash, when (now by default), notes, and the receipt's photo
 * (issue 41 §4: one step on the courier's phone). The delivery is sent, then the photo through
 * 'Adjuntar recibo' (`after`: its own request and log, accepted once the pickup is FULFILLED); if
 * that fails, the delivery stands and the result says the receipt was not attached.
 */
export const pickupDeliverForm = form({
  title: (_c, s) => text.deliverTitle(s.id),
  id: (s) => `pickup-${s.id}`,
  fields: [
    { kind: 'text', name: 'receiver', label: text.receiver },
    { kind: 'text', name: 'when', type: 'datetime-local', label: text.deliveryDate },
    { kind: 'text', name: 'notes', label: text.notes },
    receiptField<PickupDeliverForm>('receipt', 'receipt', text.receiptFile),
  ],
  initial: (): PickupDeliverForm => ({ receiver: '', when: dayjs().tz(DISPLAY_TIME_ZONE).format(LOCAL_FORMAT), notes: '', receipt: undefined }),
  validate: (f, _c, s) => checkPickupDelivery(s.pickupId, f),
  after: {
    event: 'item.attachReceipt',
    payload: (report) => report.receipt,
    failed: (s, reason) => text.deliverReceiptFailed(s.id, reason),
  },
});

/** 'Adjuntar recibo': the receipt's photo, required. */
export const pickupReceiptForm = form({
  title: (_c, s) => text.receiptTitle(s.id),
  id: (s) => `pickup-${s.id}`,
  fields: [receiptField<{ file: File | undefined }>('file', 'receipt', text.receiptFile)],
  initial: () => ({ file: undefined as File | undefined }),
  validate: ({ file }) => checkReceipt(file),
});
