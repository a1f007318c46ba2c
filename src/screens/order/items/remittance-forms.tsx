import { pickImage, imageProblem } from '@/ui/images';
import { checkBody } from '@/api/contract/check';
import { BankDestinationBody, HomeShippingBody, type Remittance } from '@/api/contract/remittance';
import { getCouriers } from '@/api/remittance';
import type { DeliveryReport } from '@/machines/items/home-remittance.actions';
import type { Validation } from '@/ui/action-flow-logic';
import { BANK_REMITTANCE, IMAGE_TYPES, REMITTANCE_PROVIDERS, RemittanceMsg, type RemittanceProvider } from '@/domain/remittance';
import { dayjs, DISPLAY_TIME_ZONE } from '@/domain/time';
import { useServices } from '@/ui/session';
import { InputField, SelectField, bound } from '@/ui/fields';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { remittanceText } from '@/i18n/es-remittance';
import { type ShippingForm } from '@/ui/shipping-fields';
import { BankRecipientFields, type BankRecipientForm } from '@/ui/bank-recipient-fields';
import { nationalPhone } from '@/domain/format';

const formText = remittanceText.forms;
type Change<T> = (patch: Partial<T>) => void;

// ---------------------------------------------------------------- bank destination

export interface BankDestinationForm extends BankRecipientForm {
  senderFullName: string;
  docImageFile: File | undefined;
}

export function bankDestinationForm(remittance: Remittance | null): BankDestinationForm {
  return {
    cardNumber: remittance?.recipient.cardNumber ?? '',
    name: remittance?.recipient.fullName ?? '',
    identityCard: remittance?.recipient.identityCard ?? '',
    phoneNumber: nationalPhone(remittance?.recipient.phoneNumber),
    province: remittance?.shippingAddress.provinceCode ?? '',
    municipality: remittance?.shippingAddress.municipalityCode ?? '',
    neighborhood: remittance?.shippingAddress.neighborhood ?? '',
    address: remittance?.shippingAddress.address ?? '',
    senderFullName: remittance?.sender.fullName ?? '',
    docImageFile: undefined,
  };
}

/** The server's own rules, checked before asking: the card first ('destino requerido!'). */
export function checkBankDestination(foiId: number, form: BankDestinationForm): Validation<BankDestinationBody> {
  return checkBody(BankDestinationBody, { ...form, foiId });
}

export function BankDestinationFields({ id, form, change }: { id: number; form: BankDestinationForm; change: Change<BankDestinationForm> }) {
  const p = `bank-destination-${id}`;
  return (
    <div className="space-y-3">
      <BankRecipientFields idPrefix={p} productType={BANK_REMITTANCE} form={form} change={change} />
      <InputField id={`${p}-sender`} label={formText.senderFullName} autoComplete="off" {...bound(form, change, 'senderFullName')} />
      <InputField id={`${p}-doc`} label={formText.senderDoc} type="file" accept={IMAGE_TYPES.join(',')} onChange={(e) => change({ docImageFile: pickImage(e.target.files) })} />
    </div>
  );
}

// ---------------------------------------------------------------- home address

/** The home remittance's address form: the shipping address, whose mobile is the destination. */
export function checkHomeAddress(foiId: number, form: ShippingForm): Validation<HomeShippingBody> {
  return checkBody(HomeShippingBody, { ...form, foiId });
}

// ---------------------------------------------------------------- "Cambiar Proveedor"

export function checkProvider(current: string | null, provider: string): Validation<RemittanceProvider> {
  const chosen = REMITTANCE_PROVIDERS.find((p) => p === provider);
  if (!chosen) return { ok: false, message: RemittanceMsg.providerRequired };
  if (chosen === current) return { ok: false, message: RemittanceMsg.providerSame };
  return { ok: true, payload: chosen };
}

export function ProviderFields({ id, value, onChange }: { id: number; value: string; onChange: (provider: string) => void }) {
  return (
    <SelectField
      id={`provider-${id}`}
      label={formText.newProvider}
      value={value}
      emptyLabel={formText.choose}
      options={REMITTANCE_PROVIDERS.map((p) => ({ value: p, label: p }))}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

// ---------------------------------------------------------------- a reason (review, back to processing)

export function checkReason(reason: string): Validation<string> {
  const text = reason.trim();
  return text ? { ok: true, payload: text } : { ok: false, message: RemittanceMsg.reasonRequired };
}

export function ReasonField({ id, value, onChange }: { id: string; value: string; onChange: (reason: string) => void }) {
  return <InputField id={id} label={formText.reason} autoComplete="off" maxLength={500} value={value} onChange={(e) => onChange(e.target.value)} />;
}

// ---------------------------------------------------------------- "Reportar Entrega Remesa Domicilio"

export interface DeliveryForm {
  courierId: string;
  /** datetime-local, read in America/Toronto. */
  deliveryDate: string;
  receiver: string;
  notes: string;
  receipt: File | undefined;
}

const LOCAL = 'YYYY-MM-DDTHH:mm';

export function deliveryForm(now = Date.now()): DeliveryForm {
  return { courierId: '', deliveryDate: dayjs(now).tz(DISPLAY_TIME_ZONE).format(LOCAL), receiver: '', notes: '', receipt: undefined };
}

/** The server's rules, in its order: courier, date (not in the future), receiver, the receipt's type and size. */
export function checkDelivery(form: DeliveryForm, now = Date.now()): Validation<DeliveryReport> {
  if (!/^\d+$/.test(form.courierId)) return { ok: false, message: RemittanceMsg.courierRequired };
  const date = form.deliveryDate ? dayjs.tz(form.deliveryDate, LOCAL, DISPLAY_TIME_ZONE) : null;
  if (!date || !date.isValid()) return { ok: false, message: RemittanceMsg.deliveryDateRequired };
  if (date.valueOf() > now + 60_000) return { ok: false, message: RemittanceMsg.deliveryDateFuture };
  if (!form.receiver.trim()) return { ok: false, message: RemittanceMsg.receiverRequired };
  const problem = imageProblem(form.receipt);
  if (problem) return { ok: false, message: problem };
  return {
    ok: true,
    payload: { courierId: Number(form.courierId), deliveryDate: date.toISOString(), receiver: form.receiver.trim(), notes: form.notes.trim(), receipt: form.receipt ?? null, receiptImageUrl: null },
  };
}

export function DeliveryFields({ id, form, change }: { id: number; form: DeliveryForm; change: Change<DeliveryForm> }) {
  const services = useServices();
  const couriers = useShownDetail(() =>
    getCouriers(services.remittances).catch(() => {
      throw new Error(formText.couriersFailed);
    }),
  );
  const p = `deliver-${id}`;
  return (
    <div className="space-y-3">
      <DetailTabView tab={couriers}>
        {(list) => (
          <SelectField
            id={`${p}-courier`}
            label={formText.courier}
            value={form.courierId}
            emptyLabel={formText.choose}
            options={list.map((c) => ({ value: String(c.id), label: `${c.nickname} · ${c.team}` }))}
            onChange={(e) => change({ courierId: e.target.value })}
          />
        )}
      </DetailTabView>
      <InputField id={`${p}-date`} label={formText.deliveryDate} type="datetime-local" {...bound(form, change, 'deliveryDate')} />
      <InputField id={`${p}-receiver`} label={formText.receiver} autoComplete="off" {...bound(form, change, 'receiver')} />
      <InputField id={`${p}-notes`} label={formText.notes} autoComplete="off" maxLength={500} {...bound(form, change, 'notes')} />
      <InputField id={`${p}-receipt`} label={formText.receipt} type="file" accept={IMAGE_TYPES.join(',')} onChange={(e) => change({ receipt: pickImage(e.target.files) })} />
    </div>
  );
}
