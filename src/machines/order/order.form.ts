import { readAmount } from '@/api/contract/order-actions';
import { RefundMsg } from '@/domain/order-actions';
import { formatMoney } from '@/domain/format';
import { orderActionText } from '@/i18n/es-order-actions';
import { formOf } from '@/machines/lifecycle/form';

/** The order as its panel names it. */
export interface OrderSubject {
  id: number;
  totalPrice: number;
  currency: string;
  email: string | null;
}

const text = orderActionText.order;

/** A compensation: the order's total, or part of it. */
export type Compensation = { full: true } | { full: false; amount: number };

const form = formOf<unknown, OrderSubject>();

/**
 * An e-mail sent again, to the address typed or, left empty, the order's own: it opens with the
 * order's address ('Notificar cierre', the charge rule's 'Notificar').
 */
export function emailForm<TSubject extends { email: string | null }>(o: { title: (subject: TSubject) => string; id: (subject: TSubject) => string }) {
  return formOf<unknown, TSubject>()({
    title: (_c, s) => o.title(s),
    id: o.id,
    fields: [{ kind: 'text', name: 'email', id: '', type: 'email', label: text.emailForced }],
    initial: (_c, s) => ({ email: s.email ?? '' }),
    validate: (f) => ({ ok: true, payload: f.email.trim() }),
  });
}

/** 'Compensar': the order's total or an amount typed, to the customer's balance. */
export const compensateForm = form({
  title: (_c, s) => text.compensateTitle(s.id),
  description: (_c, s) => text.compensateHint(formatMoney(s.totalPrice, s.currency)),
  id: (s) => `compensation-${s.id}`,
  fields: [
    {
      kind: 'radio',
      name: 'kind',
      label: text.compensateKind,
      options: [
        { value: 'full', label: text.compensateFull },
        { value: 'partial', label: text.compensatePartial },
      ],
    },
    { kind: 'text', name: 'amount', inputMode: 'decimal', label: text.compensateAmount, when: (f) => f.kind === 'partial' },
  ],
  initial: () => ({ kind: 'full', amount: '' }),
  validate: ({ kind, amount }): { ok: true; payload: Compensation } | { ok: false; message: string } => {
    if (kind === 'full') return { ok: true, payload: { full: true } };
    const read = readAmount(amount);
    if (!read.ok || read.payload === undefined || !(read.payload > 0)) return { ok: false, message: RefundMsg.numeric };
    return { ok: true, payload: { full: false, amount: read.payload } };
  },
});

/** 'Notificar cierre': the closing e-mail. */
export const notifyClosedForm = emailForm<OrderSubject>({ title: (s) => text.notifyClosedTitle(s.id), id: (s) => `notify-closed-${s.id}` });
