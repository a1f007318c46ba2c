import { TransferCreateBody, TransferDone } from '@/api/contract/customer-transfer';
import { Permission } from '@/domain/permissions';
import { TransferMsg } from '@/domain/transfer';
import { customerActionText } from '@/i18n/es-customer-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { transferForm, type TransferForm } from './transfer.form';
export type { TransferForm };

/**
 * Transferring a customer's credit to another customer ('Transferir crédito'): support work
 * (CRM7_DO_ACTION). The destination must be exactly one other customer with a phone, and the amount
 * within the available balance: the server decides both in the transfer's transaction.
 */

export type TransferEvent = { type: 'transfer.create' };

export interface TransferContext {
  status: string;
  permissions: readonly string[];
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
    refused: TransferMsg.refused,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/transfer/create/crm', body: TransferCreateBody, data: TransferDone },
    request: (s, form: TransferForm) => ({
      body: { data: { idUser: s.accountId, emailOrAlias: form.emailOrAlias ?? null, phoneNumber: form.phoneNumber ?? null, amount: form.amount, motive: form.motive ?? null, currency: form.currency } },
    }),
    targets: (r) => [{ accountId: r.body.data.idUser }],
    handler: 'transfer',
  }),
];
