import { CreditBalance, CreditChangeBody } from '@/api/contract/customer-credit';
import { Conversion, ConvertBody } from '@/api/contract/customer-conversion';
import { ConvertMsg } from '@/domain/conversion';
import { CreditMsg, type CreditMove, type CreditType } from '@/domain/credit';
import { Permission } from '@/domain/permissions';
import { customerActionText } from '@/i18n/es-customer-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { convertForm, creditChangeForm, type ConvertForm } from './credit.form';
export type { ConvertForm };

/**
 * A customer's credit (spec details §4 "Account", §7): added or removed per credit type, support
 * work (CRM7_DO_ACTION, spec details §6). The balance never goes negative (the server checks it
 * against the stored balance); a retried request carries its Idempotency-Key and moves it once.
 */

export type CreditEvent = { type: 'credit.change' } | { type: 'credit.convert' };

export interface CreditContext {
  status: string;
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
    refused: CreditMsg.refused,
    wire: { client: 'users', method: 'POST', path: '/users/secured/addremove/credit', body: CreditChangeBody, data: CreditBalance },
    request: (s, form: CreditForm) => ({ body: { accountId: s.accountId, ...form } }),
    targets: (r) => [{ accountId: r.body.accountId }],
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
    refused: ConvertMsg.refused,
    wire: { client: 'users', method: 'POST', path: '/users/secured/move/credit', body: ConvertBody, data: Conversion },
    request: (s, form: ConvertForm) => ({ body: { accountId: s.accountId, ...form } }),
    targets: (r) => [{ accountId: r.body.accountId }],
    handler: 'convert',
  }),
];
