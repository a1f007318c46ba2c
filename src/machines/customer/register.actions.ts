import { RegisterBody, Registered } from '@/api/contract/customer-register';
import { Permission } from '@/domain/permissions';
import { RegisterMsg } from '@/domain/registration';
import { customerActionText } from '@/i18n/es-customer-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { registerForm, type RegisterPayload } from './register.form';
export type { RegisterPayload };

/** 'Crear Nuevo Cliente' from the customers search (CRM_REGISTER_WITHOUT_PIN, spec details §6). */

export type RegisterEvent = { type: 'customers.register' };
export interface RegisterContext {
  status: string;
  permissions: readonly string[];
}
export type RegisterSubject = Record<string, never>;

const row = rowOf<RegisterEvent, RegisterContext, RegisterSubject>();
const text = customerActionText.register;

export const registerActions = [
  row({
    event: 'customers.register',
    form: registerForm,
    label: text.create,
    permissions: [Permission.REGISTER_WITHOUT_PIN],
    confirm: (_s, p: RegisterPayload) => text.question(p.email, p.username),
    success: { text: (_s, done: Registered) => text.done(done.accountId, done.email) },
    refused: RegisterMsg.refused,
    wire: { client: 'uaa', method: 'POST', path: '/uaa/secured/register/completed', body: RegisterBody, data: Registered },
    request: (_s, p: RegisterPayload) => ({ body: { email: p.email, username: p.username, firstName: p.firstName ?? null, lastName: p.lastName ?? null } }),
    targets: () => [{ registry: 'customers' }],
    handler: 'register',
  }),
];
