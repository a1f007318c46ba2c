import { Phone, PhoneBody, PhoneCreateBody } from '@/api/contract/customer-phones';
import { Permission } from '@/domain/permissions';
import { formatPhone, PhoneRefused } from '@/domain/phones';
import { phoneText } from '@/i18n/es-customer-shared';
import { phoneQuestion } from '@/i18n/es-questions';
import { rowOf } from '@/machines/lifecycle/table';
import { addPhoneForm } from './phone.form';

/** A customer's phone's actions (spec details §3 "Phone", §7 "Phones"): support work, CRM7_DO_ACTION. */

export type PhoneEvent = { type: 'phone.verify' } | { type: 'phone.resetAttempts' } | { type: 'phone.makePrincipal' } | { type: 'phone.delete' };

export interface PhoneContext {
  status: string;
  /** Verification codes sent and not answered. */
  attempts: number;
  /** The customer's one principal number. */
  principal: boolean;
  permissions: readonly string[];
}

/** A phone as the Telefono tab names it. */
export interface PhoneSubject {
  accountId: number;
  phoneNumber: string;
}

const row = rowOf<PhoneEvent, PhoneContext, PhoneSubject>();
const text = phoneText;
const body = (s: PhoneSubject) => ({ body: { accountId: s.accountId, phoneNumber: s.phoneNumber } });
const phones = (r: { body: PhoneBody }) => [{ accountId: r.body.accountId, phoneNumber: r.body.phoneNumber }];

export const phoneActions = [
  row({
    event: 'phone.verify',
    label: text.verify,
    permissions: [Permission.DO_ACTION],
    confirm: (s) => phoneQuestion(text.verifyQuestion, s.phoneNumber, s.accountId),
    success: { text: (s) => text.verifyText(formatPhone(s.phoneNumber)) },
    refused: PhoneRefused.verified,
    wire: { client: 'users', method: 'POST', path: '/users/secured/user-number/verify', body: PhoneBody, data: Phone },
    request: body,
    targets: phones,
  }),
  row({
    event: 'phone.resetAttempts',
    label: text.resetAttempts,
    permissions: [Permission.DO_ACTION],
    confirm: (s) => phoneQuestion(text.resetQuestion, s.phoneNumber, s.accountId),
    success: { text: (s) => text.resetText(formatPhone(s.phoneNumber)) },
    refused: PhoneRefused.noAttempts,
    wire: { client: 'users', method: 'POST', path: '/users/secured/user-number/reset-attempts', body: PhoneBody, data: Phone },
    request: body,
    targets: phones,
  }),
  row({
    event: 'phone.makePrincipal',
    label: text.makePrincipal,
    permissions: [Permission.DO_ACTION],
    confirm: (s) => phoneQuestion(text.makePrincipalQuestion, s.phoneNumber, s.accountId),
    success: { text: (s) => text.makePrincipalText(formatPhone(s.phoneNumber)) },
    refused: PhoneRefused.principal,
    wire: { client: 'users', method: 'POST', path: '/users/secured/user-number/addprincipal', body: PhoneBody, data: Phone },
    request: body,
    targets: phones,
    handler: 'makePrincipal',
  }),
  row({
    event: 'phone.delete',
    label: text.remove,
    variant: 'danger',
    permissions: [Permission.DO_ACTION],
    confirm: (s) => phoneQuestion(text.removeQuestion, s.phoneNumber, s.accountId),
    success: { text: (s) => text.removeText(formatPhone(s.phoneNumber)) },
    refused: PhoneRefused.principalKept,
    wire: { client: 'users', method: 'POST', path: '/users/secured/user-number/delete', body: PhoneBody, data: Phone },
    request: body,
    targets: phones,
  }),
];

/** The customer's phones as a whole: where a number is added ('Agregar teléfono'). */
export type PhonesEvent = { type: 'phones.create' };
export interface PhonesContext {
  status: string;
  permissions: readonly string[];
}
export interface PhonesSubject {
  accountId: number;
}
const phonesRow = rowOf<PhonesEvent, PhonesContext, PhonesSubject>();

export const phonesActions = [
  phonesRow({
    event: 'phones.create',
    form: addPhoneForm,
    label: text.add,
    permissions: [Permission.DO_ACTION],
    confirm: (s, form: PhoneCreateBody) => text.addQuestion(`${form.prefix}${form.phoneNumber}`, s.accountId),
    success: { text: (_s, phone) => text.added(formatPhone(phone.phoneNumber)) },
    refused: PhoneRefused.add,
    wire: { client: 'users', method: 'POST', path: '/users/secured/user-number/create', body: PhoneCreateBody, data: Phone },
    request: (s, form: PhoneCreateBody) => ({ body: { accountId: s.accountId, prefix: form.prefix, phoneNumber: form.phoneNumber } }),
    targets: (r) => [{ accountId: r.body.accountId }],
    handler: 'create',
  }),
];
