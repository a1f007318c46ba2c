import { InputField } from '@/ui/fields';
import { remittanceText } from '@/i18n/es-remittance';
import { PlaceFields } from './place-fields';

const formText = remittanceText.forms;

/** A Cuban shipping address being edited (home remittances and pickups use the same form). */
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
    mobile: (a?.mobile ?? '').replace(/^\+53/, ''),
    landLine: a?.landLine ?? '',
    provinceCode: a?.provinceCode ?? '',
    municipalityCode: a?.municipalityCode ?? '',
    neighborhood: a?.neighborhood ?? '',
    address: a?.address ?? '',
    indications: a?.indications ?? '',
    deliveryFrom: a?.deliveryFrom ?? '',
  };
}

/** The fields of a shipping address; places from the catalogue of `productType`. */
export function ShippingFields({ idPrefix, productType, form, change }: { idPrefix: string; productType: string; form: ShippingForm; change: (patch: Partial<ShippingForm>) => void }) {
  const p = idPrefix;
  return (
    <div className="space-y-3">
      <InputField id={`${p}-name`} label={formText.name} autoComplete="off" value={form.recipientName} onChange={(e) => change({ recipientName: e.target.value })} />
      <div className="grid grid-cols-2 gap-3">
        <InputField id={`${p}-mobile`} label={formText.mobile} inputMode="tel" autoComplete="off" value={form.mobile} onChange={(e) => change({ mobile: e.target.value })} />
        <InputField id={`${p}-landline`} label={formText.landLine} inputMode="tel" autoComplete="off" value={form.landLine} onChange={(e) => change({ landLine: e.target.value })} />
      </div>
      <PlaceFields
        idPrefix={p}
        productType={productType}
        value={{ provinceCode: form.provinceCode, municipalityCode: form.municipalityCode }}
        onChange={(place) => change({ provinceCode: place.provinceCode, municipalityCode: place.municipalityCode })}
      />
      <InputField id={`${p}-neighborhood`} label={formText.neighborhood} autoComplete="off" value={form.neighborhood} onChange={(e) => change({ neighborhood: e.target.value })} />
      <InputField id={`${p}-address`} label={formText.address} autoComplete="off" value={form.address} onChange={(e) => change({ address: e.target.value })} />
      <InputField id={`${p}-indications`} label={formText.indications} autoComplete="off" value={form.indications} onChange={(e) => change({ indications: e.target.value })} />
      <InputField id={`${p}-from`} label={formText.deliveryFrom} type="time" value={form.deliveryFrom} onChange={(e) => change({ deliveryFrom: e.target.value })} />
    </div>
  );
}
