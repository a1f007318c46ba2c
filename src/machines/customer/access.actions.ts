import { Msg } from '@/domain/messages';
import { AccessState, AttemptsResetQuery, PasswordlessQuery, ResetPasswordQuery } from '@/api/contract/customer-access';
import { AccessMsg } from '@/domain/customer-access';
import { Permission } from '@/domain/permissions';
import { customerActionText } from '@/i18n/es-customer-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { resetPasswordForm } from './access.form';

/**
 * A customer's way in (CRM7_DO_ACTION, spec details §6): a new password (the customer told by
 * e-mail, or not), a new passwordless PIN, and the failed sign-in attempts cleared.
 */

/** A password reset names whether the customer is told (absent: the button, which may do either). */
export type AccessEvent = { type: 'access.resetPassword'; sendNotify?: boolean } | { type: 'access.resetPasswordless' } | { type: 'access.resetAttempts' };
export interface AccessContext {
  status: string;
  /** Whether the customer has a passwordless pin set. */
  pin: boolean;
  /** The failed sign-ins and pin attempts not yet cleared. */
  attempts: number;
  /** Whether the customer has an e-mail to be told at. */
  email: boolean;
  permissions: readonly string[];
}
export interface AccessSubject {
  accountId: number;
}

const row = rowOf<AccessEvent, AccessContext, AccessSubject>();
const text = customerActionText.access;
const DO = [Permission.DO_ACTION];

export const accessActions = [
  row({
    event: 'access.resetPassword',
    form: resetPasswordForm,
    label: text.resetPassword,
    variant: 'secondary',
    permissions: DO,
    confirm: (s, form: { sendNotify: boolean }) => text.resetPasswordQuestion(s.accountId, form.sendNotify),
    success: { title: Msg.requested, text: (s, state: AccessState) => text.passwordReset(s.accountId, state.notified) },
    // A new password is always possible: only a notice to a customer without an e-mail is refused.
    refused: AccessMsg.noEmail,
    wire: { client: 'uaa', method: 'POST', path: '/uaa/secured/reset/password', query: ResetPasswordQuery, data: AccessState },
    request: (s, form: { sendNotify: boolean }) => ({ query: { accountId: s.accountId, sendNotify: form.sendNotify } }),
    targets: (r) => [{ accountId: r.query.accountId }],
    eventOf: (r) => ({ type: 'access.resetPassword', sendNotify: r.query.sendNotify }),
    handler: 'password',
  }),
  row({
    event: 'access.resetPasswordless',
    label: text.resetPasswordless,
    variant: 'secondary',
    permissions: DO,
    confirm: (s) => text.question(text.resetPasswordless, s.accountId),
    success: { text: (s) => text.passwordlessReset(s.accountId) },
    refused: AccessMsg.noPin,
    wire: { client: 'uaa', method: 'POST', path: '/uaa/secured/reset/passwordless', query: PasswordlessQuery, data: AccessState },
    request: (s) => ({ query: { id: s.accountId } }),
    targets: (r) => [{ accountId: r.query.id }],
    handler: 'passwordless',
  }),
  row({
    event: 'access.resetAttempts',
    label: text.resetAttempts,
    variant: 'secondary',
    permissions: DO,
    confirm: (s) => text.question(text.resetAttempts, s.accountId),
    success: { text: (s, state: AccessState) => text.attemptsReset(s.accountId, state.attemptsCleared) },
    refused: AccessMsg.noAttempts,
    wire: { client: 'uaa', method: 'POST', path: '/uaa/secured/loginAttempt/reset', query: AttemptsResetQuery, data: AccessState },
    request: (s) => ({ query: { accountId: s.accountId } }),
    targets: (r) => [{ accountId: r.query.accountId }],
    handler: 'attempts',
  }),
];
