import { nationalPhone } from './format';

/** What a remittance's recipient forms hold while edited: pure values, so a form declared beside its chart opens with them. */

/** A Cuban shipping address being edited (home remittances, pickups and the directory's home recipients use the same form). */
export interface ShippingForm {
  recipientName: string;
  mobile: string;
  landLine: string;
  provinceCode: string;
  municipalityCode: string;
  neighborhood: string;
  address: string;
  indications: string;
  deliveryFrom: string;
}

export interface ShippingAddressLike {
  recipientName: string;
  mobile: string | null;
  landLine: string | null;
  provinceCode: string;
  municipalityCode: string;
  neighborhood: string | null;
  address: string;
  indications: string | null;
  deliveryFrom: string | null;
}

/** The form of an address as it is (the mobile without +53: the field asks for its 8 digits). */
export function shippingForm(a: ShippingAddressLike | null | undefined): ShippingForm {
  return {
    recipientName: a?.recipientName ?? '',
    mobile: nationalPhone(a?.mobile),
    landLine: a?.landLine ?? '',
    provinceCode: a?.provinceCode ?? '',
    municipalityCode: a?.municipalityCode ?? '',
    neighborhood: a?.neighborhood ?? '',
    address: a?.address ?? '',
    indications: a?.indications ?? '',
    deliveryFrom: a?.deliveryFrom ?? '',
  };
}

/**
 * Who receives a bank remittance and where they live: the card first (the server checks it first,
 * 'destino requerido!'), the name, identity card and phone, then the place by its catalogue codes.
 * A bank remittance's destination and the directory's bank recipients are edited with it.
 */
export interface BankRecipientForm {
  cardNumber: string;
  name: string;
  identityCard: string;
  phoneNumber: string;
  province: string;
  municipality: string;
  neighborhood: string;
  address: string;
}
