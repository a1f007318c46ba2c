import { checkBody } from '@/api/contract/check';
import { HomeShippingBody } from '@/api/contract/remittance';
import { HOME_REMITTANCE, RemittanceMsg, imageProblem } from '@/domain/remittance';
import { dayjs, DISPLAY_TIME_ZONE } from '@/domain/time';
import { remittanceText } from '@/i18n/es-remittance';
import { formOf, type Validation } from '@/machines/lifecycle/form';
import type { ItemSubject } from './item';
import { receiptField, reasonForm, shippingFields, shippingForm, type ShippingAddressLike, type ShippingForm } from './item.form';

const formText = remittanceText.forms;

/** What a home remittance's forms read beneath the chart's facts: the address the panel shows. */
export interface HomeFacts {
  status: string;
  shippingAddress?: ShippingAddressLike | null;
}

/** What a delivery report sends besides the item: the receipt photo goes up first and its URL goes with it. */
export interface DeliveryReport {
  courierId: number;
  /** ISO instant. */
  deliveryDate: string;
  receiver: string;
  notes: string;
  /** The photo picked, before its upload. */
  receipt: File | null;
  receiptImageUrl: string | null;
}

/** "Reportar Entrega Remesa Domicilio" as typed: the date is datetime-local, read in America/Toronto. */
export interface DeliveryForm {
  courierId: string;
  deliveryDate: string;
  receiver: string;
  notes: string;
  receipt: File | undefined;
}

const LOCAL = 'YYYY-MM-DDTHH:mm';
const form = formOf<HomeFacts, ItemSubject>();

/** 'Modificar destino': the shipping address, whose mobile is the destination. */
export const homeAddressForm = form({
  title: (_c, s) => formText.homeDestinationTitle(s.id),
  id: (s) => `home-address-${s.id}`,
  columns: 2,
  fields: shippingFields<ShippingForm>(HOME_REMITTANCE),
  initial: (c) => shippingForm(c.shippingAddress),
  validate: (f, _c, s) => checkBody(HomeShippingBody, { ...f, foiId: s.id }),
});

const reason = { label: formText.reason, required: RemittanceMsg.reasonRequired, maxLength: 500 };
export const homeReviewForm = reasonForm({ ...reason, title: formText.reviewTitle, stem: 'review' });
export const homeBackForm = reasonForm({ ...reason, title: formText.backTitle, stem: 'back' });

/** The delivery as it opens: now, in Toronto. */
export function deliveryForm(now = Date.now()): DeliveryForm {
  return { courierId: '', deliveryDate: dayjs(now).tz(DISPLAY_TIME_ZONE).format(LOCAL), receiver: '', notes: '', receipt: undefined };
}

/** The server's rules, in its order: courier, date (not in the future), receiver, the receipt's type and size. */
export function checkDelivery(f: DeliveryForm, now = Date.now()): Validation<DeliveryReport> {
  if (!/^\d+$/.test(f.courierId)) return { ok: false, message: RemittanceMsg.courierRequired };
  const date = f.deliveryDate ? dayjs.tz(f.deliveryDate, LOCAL, DISPLAY_TIME_ZONE) : null;
  if (!date || !date.isValid()) return { ok: false, message: RemittanceMsg.deliveryDateRequired };
  if (date.valueOf() > now + 60_000) return { ok: false, message: RemittanceMsg.deliveryDateFuture };
  if (!f.receiver.trim()) return { ok: false, message: RemittanceMsg.receiverRequired };
  const problem = imageProblem(f.receipt);
  if (problem) return { ok: false, message: problem };
  return {
    ok: true,
    payload: { courierId: Number(f.courierId), deliveryDate: date.toISOString(), receiver: f.receiver.trim(), notes: f.notes.trim(), receipt: f.receipt ?? null, receiptImageUrl: null },
  };
}

/** "Reportar Entrega Remesa Domicilio": courier, when, who received it, notes, the receipt's photo (uploaded first: `before`). */
export const deliverForm = form({
  title: formText.deliverTitle,
  id: (s) => `deliver-${s.id}`,
  fields: [
    { kind: 'widget', widget: 'courier', name: 'courierId', id: 'courier', label: formText.courier },
    { kind: 'text', name: 'deliveryDate', id: 'date', type: 'datetime-local', label: formText.deliveryDate },
    { kind: 'text', name: 'receiver', label: formText.receiver },
    { kind: 'text', name: 'notes', label: formText.notes, maxLength: 500 },
    receiptField<DeliveryForm>('receipt', 'receipt', formText.receipt),
  ],
  initial: () => deliveryForm(),
  validate: (f) => checkDelivery(f),
  before: {
    event: 'item.uploadReceipt',
    payload: (report) => report.receipt,
    merge: (report, { receiptImageUrl }: { receiptImageUrl: string }) => ({ ...report, receipt: null, receiptImageUrl }),
  },
});
