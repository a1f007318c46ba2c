import { Msg } from '@/domain/messages';
import type * as v from 'valibot';
import { BankRecipient, BankRecipientBody, HomeRecipient, HomeRecipientBody } from '@/api/contract/customer-detail';
import { Permission } from '@/domain/permissions';
import { RecipientRefused } from '@/domain/recipients';
import { customerText } from '@/i18n/es-customer';
import type { RowForm } from '@/machines/lifecycle/form';
import { rowOf } from '@/machines/lifecycle/table';
import { bankRecipientForm, homeRecipientForm } from './recipient.form';

/**
 * A recipient of the customer's directory (spec details §7 "Customer detail"): edited in
 * 'Actualizar Datos del Destinatario', support work (CRM7_DO_ACTION, spec details §6).
 */

export type RecipientEvent = { type: 'recipient.update' };

/** The recipient's chart's context; beneath it, the recipient as the directory listed it (`recipient`) is what its form opens with (recipient.form.ts). */
export interface RecipientContext {
  status: string;
  permissions: readonly string[];
}

export interface RecipientSubject {
  id: number;
  accountId: number;
  name: string;
}

const row = rowOf<RecipientEvent, RecipientContext, RecipientSubject>();
const text = customerText.directory;

/** The one row of a directory's recipients: 'Actualizar Datos del Destinatario' over that directory's call, with that directory's form. */
const updateRow = <TBody extends { id: number; accountId: number }, TData>(
  wire: { client: 'users' | 'orders'; path: string; body: v.GenericSchema<unknown, TBody>; data: v.GenericSchema<unknown, TData> },
  form: RowForm<RecipientContext, RecipientSubject, TBody>,
) =>
  row({
    event: 'recipient.update',
    form,
    label: text.update,
    variant: 'secondary',
    permissions: [Permission.DO_ACTION],
    confirm: (s) => text.updateQuestion(s.name, s.accountId),
    success: { title: Msg.modified, text: (s) => text.updated(s.name) },
    refused: RecipientRefused.update,
    wire: { ...wire, method: 'POST' },
    request: (_s, body: TBody) => ({ body }),
    targets: (r) => [{ id: r.body.id, accountId: r.body.accountId }],
    handler: 'update',
  });

export const homeRecipientActions = [updateRow({ client: 'users', path: '/users/secured/contactAddress/update', body: HomeRecipientBody, data: HomeRecipient }, homeRecipientForm)];

export const bankRecipientActions = [updateRow({ client: 'orders', path: '/orders/secured/fileRemesaRecipient/update', body: BankRecipientBody, data: BankRecipient }, bankRecipientForm)];
