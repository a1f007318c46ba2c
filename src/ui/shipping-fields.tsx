import { shippingFields, type ShippingForm } from '@/machines/items/item.form';
import { FormFields } from './row-form';

export { shippingForm, type ShippingForm } from '@/machines/items/item.form';

/**
 * The fields of a shipping address (src/machines/items/item.form.ts) for a form a screen still
 * draws itself (the directory's recipients); a row's form declares `shippingFields` instead.
 */
export function ShippingFields({ idPrefix, productType, form, change }: { idPrefix: string; productType: string; form: ShippingForm; change: (patch: Partial<ShippingForm>) => void }) {
  return <FormFields fields={shippingFields(productType)} stem={idPrefix} columns={2} value={form} change={change} context={null} />;
}
