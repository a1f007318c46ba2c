import { Phone, PhoneBody } from '@/api/contract/customer-phones';
import { Permission } from '@/domain/permissions';
import { formatPhone, PhoneRefused } from '@/domain/phones';
import { customerText } from '@/i18n/es-customer';
import { phoneQuestion } from '@/i18n/es-questions';
import { rowOf } from '@/machines/lifecycle/table';

/** A customer's phone's actions (spec details §3 "Phone", §7 "Phones"): support work, CRM7_DO_ACTION. */

export type PhoneEvent = { type: 'phone.verify' } | { type: 'phone.resetAttempts' };

export interface PhoneContext {
  status: string;
  /** Verification codes sent and not answered. */
  attempts: number;
  permissions: readonly string[];
}

/** A phone as the Telefono tab names it. */
export interface PhoneSubject {
  accountId: number;
  phoneNumber: string;
}

const row = rowOf<PhoneEvent, PhoneContext, PhoneSubject>();
const text = customerText.phones;
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
];
