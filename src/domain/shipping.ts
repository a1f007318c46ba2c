import { nationalPhone } from './format';

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

interface ShippingAddressLike {
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
