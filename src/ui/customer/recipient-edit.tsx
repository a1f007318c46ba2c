import { checkBody } from '@/api/contract/check';
import { BankRecipientBody, HomeRecipientBody, type BankRecipient, type HomeRecipient } from '@/api/contract/customer-detail';
import { nationalPhone } from '@/domain/format';
import { bankRecipient, homeRecipient } from '@/machines/customer/recipient.machine';
import type { RecipientSubject } from '@/machines/customer/recipient.actions';
import { BankRecipientFields, type BankRecipientForm } from '@/ui/bank-recipient-fields';
import { ChartActions, chartForm, snapshotPart, type ChartPart } from '@/ui/chart-actions';
import type { TableColumn } from '@/ui/detail-table';
import { InputField, bound } from '@/ui/fields';
import { ShippingFields, shippingForm, type ShippingForm } from '@/ui/shipping-fields';
import { customerText } from '@/i18n/es-customer';

const text = customerText.directory;
/** The directory's catalogue of places (spec: productType REMESA). */
const PRODUCT_TYPE = 'REMESA';

type HomeForm = ShippingForm & { deliveryTo: string };
type BankForm = BankRecipientForm & { zipCode: string };

/** 'Actualizar Datos del Destinatario' of a home recipient: the address form of home remittances, and the hour deliveries end. */
const homeForm = (r: HomeRecipient) =>
  chartForm<HomeForm, HomeRecipientBody>({
    title: text.dialogTitle,
    initial: () => ({ ...shippingForm(r), deliveryTo: r.deliveryTo ?? '' }),
    validate: (form) => checkBody(HomeRecipientBody, { ...form, id: r.id, accountId: r.accountId, version: r.version }),
    fields: (form, change) => (
      <div className="space-y-3">
        <ShippingFields idPrefix={`recipient-${r.id}`} productType={PRODUCT_TYPE} form={form} change={change} />
        <InputField id={`recipient-${r.id}-to`} label={text.deliveryTo} type="time" value={form.deliveryTo} onChange={(e) => change({ deliveryTo: e.target.value })} />
      </div>
    ),
  });

/**
 * 'Actualizar Datos del Destinatario' of a bank recipient: the fields of a bank remittance's
 * destination and the zip code. The directory keeps the place by name; the selects take its codes.
 */
const bankForm = (r: BankRecipient, accountId: number) =>
  chartForm<BankForm, BankRecipientBody>({
    title: text.dialogTitle,
    initial: () => ({
      cardNumber: r.cardNumber,
      name: r.fullName,
      identityCard: r.identityCard ?? '',
      phoneNumber: nationalPhone(r.phoneNumber),
      province: r.address.provinceCode ?? '',
      municipality: r.address.municipalityCode ?? '',
      neighborhood: r.address.neighborhood ?? '',
      address: r.address.address ?? '',
      zipCode: r.address.zipCode ?? '',
    }),
    validate: (form) =>
      checkBody(BankRecipientBody, {
        id: r.id,
        accountId,
        version: r.version,
        fullName: form.name,
        cardNumber: form.cardNumber,
        identityCard: form.identityCard,
        phoneNumber: form.phoneNumber,
        address: { provinceCode: form.province, municipalityCode: form.municipality, neighborhood: form.neighborhood, address: form.address, zipCode: form.zipCode },
      }),
    fields: (form, change) => (
      <div className="space-y-3">
        <BankRecipientFields idPrefix={`bank-recipient-${r.id}`} productType={PRODUCT_TYPE} form={form} change={change} />
        <InputField id={`bank-recipient-${r.id}-zip`} label={text.zipCode} inputMode="numeric" autoComplete="off" {...bound(form, change, 'zipCode')} />
      </div>
    ),
  });

/** The actions column of a directory's table: what the recipient's chart, restored from the read's snapshot, offers this staff member. */
function actionsColumn<TRow>(part: (r: TRow) => ChartPart, nameOf: (r: TRow) => string, onChanged: () => void): TableColumn<TRow> {
  return {
    header: text.actions,
    cell: (r) => <ChartActions label={text.group(nameOf(r))} parts={[part(r)]} onDone={onChanged} onFailed={onChanged} buttonName={(row) => `${row.label} ${nameOf(r)}`} />,
  };
}

const subject = (id: number, accountId: number, name: string): RecipientSubject => ({ id, accountId, name });

export const homeRecipientActions = (onChanged: () => void) =>
  actionsColumn<HomeRecipient>(
    (r) => snapshotPart(r.charts, { lifecycle: homeRecipient, subject: subject(r.id, r.accountId, r.recipientName), forms: { 'recipient.update': homeForm(r) } }),
    (r) => r.recipientName,
    onChanged,
  );

export const bankRecipientActions = (accountId: number, onChanged: () => void) =>
  actionsColumn<BankRecipient>(
    (r) => snapshotPart(r.charts, { lifecycle: bankRecipient, subject: subject(r.id, accountId, r.fullName), forms: { 'recipient.update': bankForm(r, accountId) } }),
    (r) => r.fullName,
    onChanged,
  );
