import { checkBody } from '@/api/contract/check';
import { TransferCreateBody } from '@/api/contract/customer-transfer';
import { destinationOf, TRANSFER_CURRENCIES, type TransferCurrency } from '@/domain/transfer';
import { customerActionText } from '@/i18n/es-customer-actions';
import { formOf, optionsOf } from '@/machines/lifecycle/form';

const text = customerActionText.transfer;

/** What the transfer form sends: to whom (as typed, and as the contract names it), how much of which currency, and why. */
export interface TransferForm {
  destination: string;
  emailOrAlias?: string;
  phoneNumber?: string;
  amount: number;
  currency: TransferCurrency;
  motive?: string | null;
}

/** 'Transferir crédito': to whom (e-mail, alias or phone), how much of which currency, and why. */
export const transferForm = formOf<unknown, { accountId: number }>()({
  title: text.title,
  id: (s) => `transfer-${s.accountId}`,
  columns: 2,
  fields: [
    { kind: 'text', name: 'destination', label: text.destination, span: 2 },
    { kind: 'text', name: 'amount', label: text.amount, inputMode: 'decimal' },
    { kind: 'select', name: 'currency', label: text.currency, options: optionsOf(TRANSFER_CURRENCIES) },
    { kind: 'text', name: 'motive', label: text.motive, span: 2 },
  ],
  initial: () => ({ destination: '', amount: '', currency: 'USD', motive: '' }),
  validate: (f, _c, s) => {
    const destination = destinationOf(f.destination);
    const checked = checkBody(TransferCreateBody, { data: { idUser: s.accountId, ...destination, amount: f.amount, currency: f.currency, motive: f.motive } });
    if (!checked.ok) return checked;
    const { data } = checked.payload;
    return { ok: true, payload: { destination: f.destination.trim(), ...destination, amount: data.amount, currency: data.currency, motive: data.motive ?? null } satisfies TransferForm };
  },
});
