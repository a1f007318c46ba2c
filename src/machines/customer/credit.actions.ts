import { CreditBalance, CreditChangeBody } from '@/api/contract/customer-credit';
import { Conversion, ConvertBody } from '@/api/contract/customer-conversion';
import { conversionRefusal, ConvertMsg, type ConversionCurrency, type Rate } from '@/domain/conversion';
import { creditChangeRefusal, CreditMsg, type CreditMove, type CreditType } from '@/domain/credit';
import { Permission } from '@/domain/permissions';
import { customerActionText } from '@/i18n/es-customer-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { convertForm, creditChangeForm, type ConvertForm } from './credit.form';
export type { ConvertForm };

/**
 * A customer's credit (spec details §4 "Account", §7): added or removed per credit type, support
 * work (CRM7_DO_ACTION, spec details §6). The balance never goes negative: the chart's guards
 * read the stored balances; a retried request carries its Idempotency-Key and moves it once.
 */

/** A change or a conversion names what it asks (absent: the button, which may ask anything). */
export type CreditEvent =
  | { type: 'credit.change'; creditType?: string; trnType?: CreditMove; amount?: number }
  | { type: 'credit.convert'; originCurrency?: ConversionCurrency; destinyCurrency?: ConversionCurrency; amount?: number | null };

export interface CreditContext {
  status: string;
  /** The customer's balance of each credit type they hold. */
  balances: Readonly<Record<string, number>>;
  /** The current rates between the conversion currencies. */
  rates: readonly Rate[];
  permissions: readonly string[];
}

export interface CreditSubject {
  accountId: number;
}

/** What the form sends: the type, the direction, the amount and, for expiring minutes, when they expire. */
export interface CreditForm {
  creditType: CreditType;
  trnType: CreditMove;
  amount: number;
  creditTypeExp?: string | null;
}

const row = rowOf<CreditEvent, CreditContext, CreditSubject>();
const text = customerActionText.credit;

export const creditActions = [
  row({
    event: 'credit.change',
    form: creditChangeForm,
    label: text.change,
    permissions: [Permission.DO_ACTION],
    confirm: (s, form: CreditForm) => text.question(form.trnType, form.amount, form.creditType, s.accountId),
    success: { text: (_s, balance: CreditBalance) => text.done(balance.creditType, balance.amount) },
    refused: (c, e) => (e.type === 'credit.change' && e.amount !== undefined ? creditChangeRefusal(c.balances, e as Required<typeof e>) : null) ?? CreditMsg.refused,
    wire: { client: 'users', method: 'POST', path: '/users/secured/addremove/credit', body: CreditChangeBody, data: CreditBalance },
    request: (s, form: CreditForm) => ({ body: { accountId: s.accountId, ...form } }),
    targets: (r) => [{ accountId: r.body.accountId }],
    eventOf: (r) => ({ type: 'credit.change', creditType: r.body.creditType, trnType: r.body.trnType, amount: r.body.amount }),
    handler: 'change',
    fourEyes: 'credit',
  }),
  row({
    event: 'credit.convert',
    form: convertForm,
    label: text.convert,
    variant: 'secondary',
    permissions: [Permission.DO_ACTION],
    confirm: (s, form: ConvertForm) => text.convertQuestion(form.amount, form.originCurrency, form.destinyCurrency, s.accountId),
    success: { text: (_s, c: Conversion) => text.converted(c.converted, c.originCurrency, c.received, c.destinyCurrency) },
    refused: (c, e) => (e.type === 'credit.convert' && e.originCurrency !== undefined ? conversionRefusal(c.balances, c.rates, e as Required<typeof e>) : null) ?? ConvertMsg.refused,
    wire: { client: 'users', method: 'POST', path: '/users/secured/move/credit', body: ConvertBody, data: Conversion },
    request: (s, form: ConvertForm) => ({ body: { accountId: s.accountId, ...form } }),
    targets: (r) => [{ accountId: r.body.accountId }],
    eventOf: (r) => ({ type: 'credit.convert', originCurrency: r.body.originCurrency, destinyCurrency: r.body.destinyCurrency, amount: r.body.amount ?? null }),
    handler: 'convert',
  }),
];
