import { checkBody } from '@/api/contract/check';
import { RegisterForm } from '@/api/contract/customer-register';
import { customerActionText } from '@/i18n/es-customer-actions';
import { formOf } from '@/machines/lifecycle/form';

const text = customerActionText.register;

/** What 'Crear Nuevo Cliente' sends: the username is the prefix joined with the phone. */
export interface RegisterPayload {
  email: string;
  username: string;
  firstName?: string | null;
  lastName?: string | null;
}

/** 'Crear Nuevo Cliente': e-mail, then prefix, then phone (checked in that order by the contract's RegisterForm), the names optional. */
export const registerForm = formOf<unknown, unknown>()({
  title: text.title,
  id: () => 'register',
  columns: 4,
  fields: [
    { kind: 'text', type: 'email', name: 'email', label: text.email, span: 4 },
    { kind: 'text', inputMode: 'numeric', name: 'prefix', label: text.prefix },
    { kind: 'text', inputMode: 'numeric', name: 'phone', label: text.phone, span: 3 },
    { kind: 'text', name: 'firstName', id: 'first-name', label: text.firstName, span: 4 },
    { kind: 'text', name: 'lastName', id: 'last-name', label: text.lastName, span: 4 },
  ],
  initial: () => ({ email: '', prefix: '', phone: '', firstName: '', lastName: '' }),
  validate: (f) => {
    const checked = checkBody(RegisterForm, f);
    if (!checked.ok) return checked;
    const { email, prefix, phone, firstName, lastName } = checked.payload;
    return { ok: true, payload: { email, username: `${prefix}${phone}`, firstName: firstName ?? null, lastName: lastName ?? null } satisfies RegisterPayload };
  },
});
