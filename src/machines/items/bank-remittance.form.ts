import { checkBody } from '@/api/contract/check';
import { BankDestinationBody, type Remittance } from '@/api/contract/remittance';
import { nationalPhone } from '@/domain/format';
import { BANK_REMITTANCE, REMITTANCE_PROVIDERS, RemittanceMsg, type RemittanceProvider } from '@/domain/remittance';
import { remittanceText } from '@/i18n/es-remittance';
import { formOf, type Validation } from '@/machines/lifecycle/form';
import type { ItemSubject } from './item';
import { bankRecipientFields, imageField, type BankRecipientForm } from './item.form';

const formText = remittanceText.forms;

/** What a bank remittance's forms read: the chart's facts (the provider now), beneath them the remittance the panel shows. */
export interface BankFacts {
  status: string;
  remittance?: Remittance | null;
  provider?: string | null;
}

/** 'Modificar destino': the recipient, the sender's name and, optionally, the photo of the sender's document. */
export interface BankDestinationForm extends BankRecipientForm {
  senderFullName: string;
  docImageFile: File | undefined;
}

const form = formOf<BankFacts, ItemSubject>();

/** The destination as the remittance has it. */
export function destinationOf(remittance: Remittance | null | undefined): BankDestinationForm {
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
export const bankDestinationForm = form({
  title: (_c, s) => formText.bankDestinationTitle(s.id),
  id: (s) => `bank-destination-${s.id}`,
  columns: 2,
  fields: [
    ...bankRecipientFields<BankDestinationForm>(BANK_REMITTANCE),
    { kind: 'text', name: 'senderFullName', id: 'sender', label: formText.senderFullName, span: 2 },
    { ...imageField<BankDestinationForm>('docImageFile', 'doc', formText.senderDoc), span: 2 },
  ],
  initial: (c) => destinationOf(c.remittance),
  validate: (f, _c, s) => checkBody(BankDestinationBody, { ...f, foiId: s.id }),
});

/** A provider of the list (the chart refuses the current one, before anything is sent). */
export function checkProvider(provider: string): Validation<RemittanceProvider> {
  const chosen = REMITTANCE_PROVIDERS.find((p) => p === provider);
  return chosen ? { ok: true, payload: chosen } : { ok: false, message: RemittanceMsg.providerRequired };
}

/** "Cambiar Proveedor": a provider chosen, the current one said. */
export const providerForm = form({
  title: formText.providerTitle,
  description: (c) => formText.currentProvider(c.provider ?? null),
  id: (s) => `provider-${s.id}`,
  fields: [{ kind: 'select', name: 'provider', id: '', label: formText.newProvider, emptyLabel: formText.choose, options: REMITTANCE_PROVIDERS.map((p) => ({ value: p, label: p })) }],
  initial: () => ({ provider: '' }),
  validate: ({ provider }) => checkProvider(provider),
});
