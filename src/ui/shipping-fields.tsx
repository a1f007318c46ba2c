import { InputField, bound } from '@/ui/fields';
import { remittanceText } from '@/i18n/es-remittance';
import { PlaceFields, type Place, type PlaceCodes } from './place-fields';
import { shippingForm, type ShippingForm } from '@/domain/shipping';

// The address's form value is pure (a declared form opens with it): it lives in the domain.
export { shippingForm, type ShippingForm };

const formText = remittanceText.forms;

type BoundText = ReturnType<typeof bound>;

/** Where in Cuba (province, municipality from the catalogue), then the neighbourhood and the street address. */
export function PlaceAddressFields(props: { idPrefix: string; productType: string; place: PlaceCodes; onPlace: (place: Place) => void; neighborhood: BoundText; address: BoundText }) {
  const p = props.idPrefix;
  return (
    <>
      <PlaceFields idPrefix={p} productType={props.productType} value={props.place} onChange={props.onPlace} />
      <InputField id={`${p}-neighborhood`} label={formText.neighborhood} autoComplete="off" {...props.neighborhood} />
      <InputField id={`${p}-address`} label={formText.address} autoComplete="off" {...props.address} />
    </>
  );
}

/** The fields of a shipping address; places from the catalogue of `productType`. */
export function ShippingFields({ idPrefix, productType, form, change }: { idPrefix: string; productType: string; form: ShippingForm; change: (patch: Partial<ShippingForm>) => void }) {
  const p = idPrefix;
  return (
    <div className="space-y-3">
      <InputField id={`${p}-name`} label={formText.name} autoComplete="off" {...bound(form, change, 'recipientName')} />
      <div className="grid grid-cols-2 gap-3">
        <InputField id={`${p}-mobile`} label={formText.mobile} inputMode="tel" autoComplete="off" {...bound(form, change, 'mobile')} />
        <InputField id={`${p}-landline`} label={formText.landLine} inputMode="tel" autoComplete="off" {...bound(form, change, 'landLine')} />
      </div>
      <PlaceAddressFields
        idPrefix={p}
        productType={productType}
        place={{ provinceCode: form.provinceCode, municipalityCode: form.municipalityCode }}
        onPlace={(place) => change({ provinceCode: place.provinceCode, municipalityCode: place.municipalityCode })}
        neighborhood={bound(form, change, 'neighborhood')}
        address={bound(form, change, 'address')}
      />
      <InputField id={`${p}-indications`} label={formText.indications} autoComplete="off" {...bound(form, change, 'indications')} />
      <InputField id={`${p}-from`} label={formText.deliveryFrom} type="time" {...bound(form, change, 'deliveryFrom')} />
    </div>
  );
}
