import { checkBody } from '@/api/contract/check';
import { HomeRecipientBody, type HomeRecipient } from '@/api/contract/customer-detail';

import { homeRecipient } from '@/machines/customer/recipient.machine';
import { ChartActions, chartForm, chartPart } from '@/ui/chart-actions';
import type { TableColumn } from '@/ui/detail-table';
import { InputField } from '@/ui/fields';
import { ShippingFields, shippingForm, type ShippingForm } from '@/ui/shipping-fields';
import { customerText } from '@/i18n/es-customer';

const text = customerText.directory;

type RecipientForm = ShippingForm & { deliveryTo: string };

/** 'Actualizar Datos del Destinatario': the address form of home remittances, and the hour deliveries end. */
const homeForm = (r: HomeRecipient) =>
  chartForm<RecipientForm, HomeRecipientBody>({
    title: text.dialogTitle,
    initial: () => ({ ...shippingForm(r), deliveryTo: r.deliveryTo ?? '' }),
    validate: (form) => checkBody(HomeRecipientBody, { ...form, id: r.id, accountId: r.accountId }),
    fields: (form, change) => (
      <div className="space-y-3">
        <ShippingFields idPrefix={`recipient-${r.id}`} productType="REMESA" form={form} change={change} />
        <InputField id={`recipient-${r.id}-to`} label={text.deliveryTo} type="time" value={form.deliveryTo} onChange={(e) => change({ deliveryTo: e.target.value })} />
      </div>
    ),
  });

/** The actions column of the home recipients: what the recipient's table offers this staff member. */
export function homeRecipientActions(onChanged: () => void): TableColumn<HomeRecipient> {
  return {
    header: text.actions,
    cell: (r) => (
      <ChartActions
        label={text.group(r.recipientName)}
        parts={[chartPart({ lifecycle: homeRecipient, input: { status: 'saved' }, subject: { id: r.id, accountId: r.accountId, name: r.recipientName }, forms: { 'recipient.update': homeForm(r) } })]}
        onDone={onChanged}
        onFailed={onChanged}
        buttonName={(row) => `${row.label} ${r.recipientName}`}
      />
    ),
  };
}
