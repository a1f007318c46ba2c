import { InputField, bound } from '@/ui/fields';
import { PlaceAddressFields } from '@/ui/shipping-fields';
import { remittanceText } from '@/i18n/es-remittance';
import type { BankRecipientForm } from '@/domain/shipping';

const formText = remittanceText.forms;

/** A bank remittance's recipient being edited (the form value is the domain's). */
export type { BankRecipientForm };

export function BankRecipientFields<TForm extends BankRecipientForm>({ idPrefix, productType, form, change }: { idPrefix: string; productType: string; form: TForm; change: (patch: Partial<TForm>) => void }) {
  const p = idPrefix;
  // The form's own keys only: `bound` takes the form as it is.
  const field = (key: keyof BankRecipientForm) => bound(form as BankRecipientForm, change as (patch: Partial<BankRecipientForm>) => void, key);
  return (
    <>
      <InputField id={`${p}-card`} label={formText.cardNumber} inputMode="numeric" autoComplete="off" {...field('cardNumber')} onWheel={(e) => e.currentTarget.blur()} />
      <InputField id={`${p}-name`} label={formText.name} autoComplete="off" {...field('name')} />
      <div className="grid grid-cols-2 gap-3">
        <InputField id={`${p}-ci`} label={formText.identityCard} inputMode="numeric" autoComplete="off" {...field('identityCard')} />
        <InputField id={`${p}-phone`} label={formText.phone} inputMode="numeric" autoComplete="off" {...field('phoneNumber')} />
      </div>
      <PlaceAddressFields
        idPrefix={p}
        productType={productType}
        place={{ provinceCode: form.province, municipalityCode: form.municipality }}
        onPlace={(place) => change({ province: place.provinceCode, municipality: place.municipalityCode } as Partial<TForm>)}
        neighborhood={field('neighborhood')}
        address={field('address')}
      />
    </>
  );
}
