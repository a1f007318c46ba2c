import { checkBody } from '@/api/contract/check';
import { RegisterForm, type Registered } from '@/api/contract/customer-register';
import { customerRegistry } from '@/machines/customer/register.machine';
import type { RegisterPayload } from '@/machines/customer/register.actions';
import { ChartActions, chartForm, chartPart } from '@/ui/chart-actions';
import { InputField } from '@/ui/fields';
import { customerActionText } from '@/i18n/es-customer-actions';

const text = customerActionText.register;

interface FormState {
  email: string;
  prefix: string;
  phone: string;
  firstName: string;
  lastName: string;
}

/** The dialog: e-mail, then prefix, then phone (checked in that order); the username is the prefix joined with the phone. */
const registerForm = chartForm<FormState, RegisterPayload>({
  title: text.title,
  initial: () => ({ email: '', prefix: '', phone: '', firstName: '', lastName: '' }),
  validate: (form) => {
    const checked = checkBody(RegisterForm, form);
    if (!checked.ok) return checked;
    const { email, prefix, phone, firstName, lastName } = checked.payload;
    return { ok: true, payload: { email, username: `${prefix}${phone}`, firstName: firstName ?? null, lastName: lastName ?? null } };
  },
  fields: (form, change) => (
    <div className="grid grid-cols-3 gap-3">
      <InputField id="register-email" className="col-span-3" label={text.email} type="email" autoComplete="off" value={form.email} onChange={(e) => change({ email: e.target.value })} />
      <InputField id="register-prefix" label={text.prefix} inputMode="numeric" autoComplete="off" value={form.prefix} onChange={(e) => change({ prefix: e.target.value })} onWheel={(e) => e.currentTarget.blur()} />
      <InputField id="register-phone" className="col-span-2" label={text.phone} inputMode="numeric" autoComplete="off" value={form.phone} onChange={(e) => change({ phone: e.target.value })} onWheel={(e) => e.currentTarget.blur()} />
      <InputField id="register-first-name" className="col-span-3" label={text.firstName} autoComplete="off" value={form.firstName} onChange={(e) => change({ firstName: e.target.value })} />
      <InputField id="register-last-name" className="col-span-3" label={text.lastName} autoComplete="off" value={form.lastName} onChange={(e) => change({ lastName: e.target.value })} />
    </div>
  ),
});

/** 'Crear Nuevo Cliente' (CRM_REGISTER_WITHOUT_PIN): the new customer opens in its page. */
export function RegisterCustomer({ onRegistered }: { onRegistered: (accountId: number) => void }) {
  const part = chartPart({ lifecycle: customerRegistry, input: { status: 'open' }, subject: {}, forms: { 'customers.register': registerForm } });
  return (
    <ChartActions
      label={text.group}
      parts={[part]}
      onDone={(data) => {
        const registered = data as Registered | undefined;
        if (registered) onRegistered(registered.accountId);
      }}
    />
  );
}
