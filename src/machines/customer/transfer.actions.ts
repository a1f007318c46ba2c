import { TransferCreateBody, TransferDone } from '@/api/contract/customer-transfer';
import { Permission } from '@/domain/permissions';
import { transferRefusal, TransferMsg, type TransferCurrency } from '@/domain/transfer';
import { customerActionText } from '@/i18n/es-customer-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { transferForm, type TransferForm } from './transfer.form';
export type { TransferForm };

/**
 * Transferring a customer's credit to another customer ('Transferir crédito'): support work
 * (CRM7_DO_ACTION). The amount stays within the available balance (the chart's guard, on the
 * stored balances); the destination must be exactly one other customer with a phone (the server
 * finds whom the request names, and the chart refuses the source itself or a customer without one).
 */

/** A transfer names its amount and currency (absent: the button). */
export type TransferEvent = { type: 'transfer.create'; amount?: number; currency?: TransferCurrency };

export interface TransferContext {
  status: string;
  /** The customer's balance of each credit type they hold. */
  balances: Readonly<Record<string, number>>;
  permissions: readonly string[];
  /**
   * The customer a request names, as the server found it (exactly one): whether it is the source
   * itself and whether it has a phone the transfer records. Absent on the page (its snapshot names
   * nobody: the destination is typed in the form).
   */
  destination?: { self: boolean; phone: boolean };
}

export interface TransferSubject {
  accountId: number;
}

const row = rowOf<TransferEvent, TransferContext, TransferSubject>();
const text = customerActionText.transfer;

export const transferActions = [
  row({
    event: 'transfer.create',
    form: transferForm,
    label: text.create,
    permissions: [Permission.DO_ACTION],
    confirm: (s, form: TransferForm) => text.question(form.amount, form.currency, s.accountId, form.destination),
    success: { text: (_s, done: TransferDone) => text.done(done.amount, done.currency, done.beneficiary, done.balance) },
    refused: (c, e) => (e.amount !== undefined && e.currency !== undefined ? transferRefusal(c.balances, { amount: e.amount, currency: e.currency }) : null) ?? TransferMsg.refused,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/transfer/create/crm', body: TransferCreateBody, data: TransferDone },
    request: (s, form: TransferForm) => ({
      body: { data: { idUser: s.accountId, emailOrAlias: form.emailOrAlias ?? null, phoneNumber: form.phoneNumber ?? null, amount: form.amount, motive: form.motive ?? null, currency: form.currency } },
    }),
    targets: (r) => [{ accountId: r.body.data.idUser }],
    eventOf: (r) => ({ type: 'transfer.create', amount: r.body.data.amount, currency: r.body.data.currency }),
    handler: 'transfer',
  }),
];
