import { customerActionText } from '@/i18n/es-customer-actions';
import { formOf } from '@/machines/lifecycle/form';

const text = customerActionText.access;

/** 'Restablecer contraseña': with or without the e-mail that lets the customer choose a new one. */
export const resetPasswordForm = formOf<{ email: boolean }, { accountId: number }>()({
  title: text.resetPasswordTitle,
  id: (s) => `reset-password-${s.accountId}`,
  fields: [{ kind: 'checkbox', name: 'sendNotify', id: 'notify', label: text.notify }],
  // The notice goes by e-mail: ticked only when the customer has one (the chart refuses it otherwise).
  initial: (c) => ({ sendNotify: c.email }),
  validate: (f) => ({ ok: true, payload: { sendNotify: f.sendNotify } }),
});
