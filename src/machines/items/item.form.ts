import { type BankRecipientForm, type ShippingForm } from '@/domain/shipping';
import { IMAGE_TYPES } from '@/domain/remittance';
import { remittanceText } from '@/i18n/es-remittance';
import { formOf, type FormField } from '@/machines/lifecycle/form';
import type { ItemSubject } from './item';

/**
 * What the item panels' forms share, declared once: a reason typed (review, back to processing),
 * a Cuban shipping address (home remittances, pickups, the directory's home recipients) and a bank
 * remittance's recipient (its destination, the directory's bank recipients), their places from
 * the catalogue of the product.
 */

const formText = remittanceText.forms;

// The forms' values are the domain's (src/domain/shipping.ts): a screen's adapter and a test open them too.
export { shippingForm, type BankRecipientForm, type ShippingAddressLike, type ShippingForm } from '@/domain/shipping';

/** The fields of a shipping address in a two-column form; places from the catalogue of `productType`. */
export function shippingFields<TForm extends ShippingForm>(productType: string): FormField<TForm>[] {
  return [
    { kind: 'text', name: 'recipientName', id: 'name', label: formText.name, span: 2 },
    { kind: 'text', name: 'mobile', inputMode: 'tel', label: formText.mobile },
    { kind: 'text', name: 'landLine', id: 'landline', inputMode: 'tel', label: formText.landLine },
    { kind: 'place', name: 'provinceCode', id: '', municipality: 'municipalityCode', productType, label: formText.province, span: 2 },
    { kind: 'text', name: 'neighborhood', label: formText.neighborhood, span: 2 },
    { kind: 'text', name: 'address', label: formText.address, span: 2 },
    { kind: 'text', name: 'indications', label: formText.indications, span: 2 },
    { kind: 'text', name: 'deliveryFrom', id: 'from', type: 'time', label: formText.deliveryFrom, span: 2 },
  ];
}

/** The fields of a bank recipient in a two-column form; places from the catalogue of `productType`. */
export function bankRecipientFields<TForm extends BankRecipientForm>(productType: string): FormField<TForm>[] {
  return [
    { kind: 'text', name: 'cardNumber', id: 'card', inputMode: 'numeric', label: formText.cardNumber, span: 2 },
    { kind: 'text', name: 'name', label: formText.name, span: 2 },
    { kind: 'text', name: 'identityCard', id: 'ci', inputMode: 'numeric', label: formText.identityCard },
    { kind: 'text', name: 'phoneNumber', id: 'phone', inputMode: 'numeric', label: formText.phone },
    { kind: 'place', name: 'province', id: '', municipality: 'municipality', productType, label: formText.province, span: 2 },
    { kind: 'text', name: 'neighborhood', label: formText.neighborhood, span: 2 },
    { kind: 'text', name: 'address', label: formText.address, span: 2 },
  ];
}

/** An image picked from the computer (a receipt, a document), as the server takes them. */
export const imageField = <TForm>(name: keyof TForm & string, id: string, label: string): FormField<TForm> => ({ kind: 'file', name, id, label, accept: IMAGE_TYPES });

/** A receipt's photo, taken where it is handed over: a phone opens its back camera (a desktop picks a file). */
export const receiptField = <TForm>(name: keyof TForm & string, id: string, label: string): FormField<TForm> => ({ kind: 'file', name, id, label, accept: IMAGE_TYPES, capture: 'environment' });

/** A reason typed (review, back to processing): required, trimmed. */
export function reasonForm(o: { title: (id: number) => string; stem: string; label: string; required: string; maxLength?: number }) {
  return formOf<unknown, ItemSubject>()({
    title: (_c, s) => o.title(s.id),
    id: (s) => `${o.stem}-${s.id}`,
    fields: [{ kind: 'text', name: 'reason', id: '', label: o.label, ...(o.maxLength ? { maxLength: o.maxLength } : {}) }],
    initial: () => ({ reason: '' }),
    validate: ({ reason }) => (reason.trim() ? { ok: true, payload: reason.trim() } : { ok: false, message: o.required }),
  });
}
