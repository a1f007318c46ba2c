import { bankRecipientFields, type BankRecipientForm } from '@/machines/items/item.form';
import { FormFields } from './row-form';

export type { BankRecipientForm } from '@/machines/items/item.form';

/**
 * The fields of a bank recipient (src/machines/items/item.form.ts) for a form a screen still draws
 * itself (the directory's recipients); a row's form declares `bankRecipientFields` instead.
 */
export function BankRecipientFields<TForm extends BankRecipientForm>({ idPrefix, productType, form, change }: { idPrefix: string; productType: string; form: TForm; change: (patch: Partial<TForm>) => void }) {
  return <FormFields fields={bankRecipientFields(productType)} stem={idPrefix} columns={2} value={form} change={change as (patch: object) => void} context={null} />;
}
