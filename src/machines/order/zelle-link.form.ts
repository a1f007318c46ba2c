import type * as v from 'valibot';
import { checkBody } from '@/api/contract/check';
import { ZelleRegisterBody } from '@/api/contract/order-actions';
import { todayText } from '@/domain/date-window';
import { orderActionText } from '@/i18n/es-order-actions';
import { formOf } from '@/machines/lifecycle/form';

const text = orderActionText.zelle;

/** What a registration sends (the contract's body: USD only). */
export type ZelleRegistration = v.InferOutput<typeof ZelleRegisterBody>;

/** The registration form as typed. */
interface RegisterForm {
  name: string;
  amount: string;
  createDate: string;
  from: string;
  to: string;
  referenceCode: string;
}

/**
 * 'Registrar transferencia': a transfer received (USD), with the order's reference code to link it
 * to that order at once (emptied: left unlinked). Opens with today's date and the reference of the
 * order whose section it is.
 */
export const registerForm = formOf<unknown, { referenceCode: string | null }>()({
  title: text.registerTitle,
  description: () => text.currency,
  id: () => 'zelle',
  fields: [
    { kind: 'text', name: 'name', label: text.name },
    { kind: 'text', name: 'amount', label: `${text.amount} (USD)`, inputMode: 'decimal' },
    { kind: 'text', name: 'createDate', label: text.createDate, type: 'date' },
    { kind: 'text', name: 'from', label: text.from },
    { kind: 'text', name: 'to', label: text.to },
    { kind: 'text', name: 'referenceCode', label: text.referenceCode },
  ],
  initial: (_c, s): RegisterForm => ({ name: '', amount: '', createDate: todayText(Date.now()), from: '', to: '', referenceCode: s.referenceCode ?? '' }),
  validate: (form) => {
    const { referenceCode, ...rest } = form;
    return checkBody(ZelleRegisterBody, { ...rest, currency: 'USD', ...(referenceCode.trim() ? { referenceCode } : {}) });
  },
});
