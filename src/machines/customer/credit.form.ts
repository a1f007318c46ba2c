import { checkBody } from '@/api/contract/check';
import { ConvertBody } from '@/api/contract/customer-conversion';
import { CreditChangeBody } from '@/api/contract/customer-credit';
import { CONVERSION_CURRENCIES, type ConversionCurrency } from '@/domain/conversion';
import { CREDIT_EXPIRY_DAYS, CREDIT_MOVES, CREDIT_TYPES, EXPIRING_CREDIT_TYPES, type CreditMove, type CreditType } from '@/domain/credit';
import { CREDIT_EXPIRY_FORMAT, dayjs, DISPLAY_TIME_ZONE } from '@/domain/time';
import { customerActionText } from '@/i18n/es-customer-actions';
import { formOf, optionsOf } from '@/machines/lifecycle/form';

const text = customerActionText.credit;
const form = formOf<unknown, { accountId: number }>();

/** 'Convertir moneda': what the dialog sends (the account is the subject's). */
export interface ConvertForm {
  originCurrency: ConversionCurrency;
  destinyCurrency: ConversionCurrency;
  /** Null: the whole balance. */
  amount: number | null;
  changeCurrency: boolean;
}

/** Expiring minutes expire, by default, 15 days ahead at 23:59:59 (spec details §5). */
const defaultExpiry = () => dayjs().tz(DISPLAY_TIME_ZONE).add(CREDIT_EXPIRY_DAYS, 'day').endOf('day').format(CREDIT_EXPIRY_FORMAT);
const expires = (f: { trnType: string; creditType: string }) => f.trnType === 'INCREASE' && EXPIRING_CREDIT_TYPES.includes(f.creditType as CreditType);

/** 'Agregar o quitar crédito': the type, the direction, a whole amount and, for expiring minutes added, when they expire. */
export const creditChangeForm = form({
  title: text.title,
  id: (s) => `credit-${s.accountId}`,
  columns: 2,
  fields: [
    { kind: 'select', name: 'creditType', id: 'type', label: text.type, options: optionsOf(CREDIT_TYPES) },
    { kind: 'select', name: 'trnType', id: 'move', label: text.move, options: optionsOf(CREDIT_MOVES, (m) => text.moves[m as CreditMove] ?? m) },
    { kind: 'text', name: 'amount', label: text.amount, inputMode: 'numeric' },
    { kind: 'text', name: 'creditTypeExp', id: 'expiry', label: text.expiry, when: expires },
  ],
  initial: () => ({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: '', creditTypeExp: defaultExpiry() }),
  validate: (f, _c, s) => checkBody(CreditChangeBody, { accountId: s.accountId, creditType: f.creditType, trnType: f.trnType, amount: f.amount, ...(expires(f) ? { creditTypeExp: f.creditTypeExp } : {}) }),
});

/** 'Convertir moneda': from, to (different), a partial amount or, left empty, the whole balance. */
export const convertForm = form({
  title: text.convertTitle,
  id: (s) => `convert-${s.accountId}`,
  columns: 2,
  fields: [
    { kind: 'select', name: 'originCurrency', id: 'from', label: text.origin, options: optionsOf(CONVERSION_CURRENCIES) },
    { kind: 'select', name: 'destinyCurrency', id: 'to', label: text.destiny, options: optionsOf(CONVERSION_CURRENCIES) },
    { kind: 'text', name: 'amount', label: text.partial, inputMode: 'decimal', span: 2 },
    { kind: 'checkbox', name: 'changeCurrency', id: 'currency', label: text.changeCurrency, span: 2 },
  ],
  initial: () => ({ originCurrency: 'USD' as ConversionCurrency, destinyCurrency: 'EUR' as ConversionCurrency, amount: '', changeCurrency: false }),
  validate: (f, _c, s) => {
    const checked = checkBody(ConvertBody, { accountId: s.accountId, originCurrency: f.originCurrency, destinyCurrency: f.destinyCurrency, amount: f.amount.trim() === '' ? null : f.amount, changeCurrency: f.changeCurrency });
    return checked.ok ? { ok: true, payload: { originCurrency: f.originCurrency, destinyCurrency: f.destinyCurrency, amount: checked.payload.amount ?? null, changeCurrency: f.changeCurrency } satisfies ConvertForm } : checked;
  },
});
