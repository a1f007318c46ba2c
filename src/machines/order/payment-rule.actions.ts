import * as v from 'valibot';
import { SendPaymentQuery } from '@/api/contract/order-actions';
import { OrderRefused } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';
import { orderActionText } from '@/i18n/es-order-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { emailForm } from './order.form';

/** The e-mail of an applied charge rule (spec details §7 event/send/payment): customer contact, CRM7_AGENT. */

/** The address the request gives ('' for the order's own); absent: the button, whose form may still ask for one. */
export type PaymentRuleEvent = { type: 'rule.notify'; emailForced?: string; refund?: boolean };

export interface PaymentRuleContext {
  status: string;
  permissions: readonly string[];
  /** The rule's order has an e-mail of its own: the e-mail goes there when the request gives no other. */
  email: boolean;
  /** Where its payment and its refund e-mails went within the resend window ('' for the order's own address). */
  sentWithin?: { payment: readonly string[]; refund: readonly string[] };
}

/** A charge rule as the payment tab names it, with its order. */
export interface PaymentRuleSubject {
  id: number;
  transactionId: string;
  status: string;
  orderId: number;
  accountId: number;
  email: string | null;
}

const row = rowOf<PaymentRuleEvent, PaymentRuleContext, PaymentRuleSubject>();
const text = orderActionText.payment;

/** 'Notificar': the charge's e-mail again, to the order's address or the one typed. */
const notifyForm = emailForm<PaymentRuleSubject>({ title: (s) => text.notifyTitle(s.transactionId), id: (s) => `notify-payment-${s.id}` });

export const paymentRuleActions = [
  row({
    event: 'rule.notify',
    form: notifyForm,
    label: text.notify,
    permissions: [Permission.AGENT],
    confirm: (s, email: string) => text.notifyQuestion(s.transactionId, s.status === 'REFUNDED', email || s.email || '—', s.orderId),
    success: { text: (s, _data, email) => orderActionText.order.notifyText(email || s.email || '') },
    refused: OrderRefused.notifyPayment,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/event/send/payment', query: SendPaymentQuery, data: v.object({ done: v.boolean() }) },
    // A refunded charge sends the refund e-mail.
    request: (s, email) => ({
      query: { orderId: s.orderId, appliedId: s.id, refund: s.status === 'REFUNDED' ? ('true' as const) : ('false' as const), accountId: String(s.accountId), ...(email ? { emailForced: email } : {}) },
    }),
    targets: (r) => [{ order: r.query.orderId, rule: r.query.appliedId }],
    eventOf: (r) => ({ type: 'rule.notify', emailForced: r.query.emailForced ?? '', refund: r.query.refund === 'true' }),
    handler: 'notifyPayment',
  }),
];
