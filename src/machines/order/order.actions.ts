import * as v from 'valibot';
import { CompensationBody, OrderIdBody, OrderIdsBody, RefundBody, SendClosedQuery } from '@/api/contract/order-actions';
import { OrderRow } from '@/api/contract/order-lists';
import { OrderRefused } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';
import { formatMoney } from '@/domain/format';
import { orderActionText } from '@/i18n/es-order-actions';
import { orderQuestion } from '@/i18n/es-questions';
import { rowOf } from '@/machines/lifecycle/table';
import { compensateForm, notifyClosedForm, type Compensation, type OrderSubject } from './order.form';
export type { Compensation, OrderSubject };

/**
 * The order's actions (spec details §4, §6, §7 "Order detail"). The spec names
 * CRM2_SUPER_ACTION for closing and Zelle and CRM_COMPENSATION_PAY for compensations; the rest
 * are the decisions of docs/decisions.md: risk decisions are the fraud analysts'
 * (CRM7_FRAUD_COMPLETE), cancelling an order waiting for its Zelle payment is the supervisors'
 * (CRM2_SUPER_ACTION), refunds are support work (CRM7_DO_ACTION), e-mails are customer contact
 * (CRM7_AGENT).
 */

export type OrderEvent =
  | { type: 'order.approve' }
  | { type: 'order.cancel' }
  | { type: 'order.refundFull' }
  | { type: 'order.close' }
  | { type: 'order.settle' }
  /** An amount given (a partial compensation); absent: the whole total (and the button's probe). */
  | { type: 'order.compensate'; amount?: number }
  /** The address the request gives ('' for the order's own); absent: the button, whose form may still ask for one. */
  | { type: 'order.notifyClosed'; emailForced?: string };

export interface OrderContext {
  status: string;
  permissions: readonly string[];
  /** The order may be refunded in full (the gateway allows it). */
  totalRefundAllowed: boolean;
  /** Every item of the order is finished (delivered, refunded or cancelled). */
  itemsFinished: boolean;
  /** The order's total: a compensation is that or part of it, never more. */
  total: number;
  /** The order has an e-mail of its own: its e-mails go there when the request gives no other. */
  email: boolean;
  /** Where its closing e-mail went within the resend window ('' for its own address): not sent there again. */
  sentWithin?: readonly string[];
}

const row = rowOf<OrderEvent, OrderContext, OrderSubject>();
const text = orderActionText.order;
const order = (r: { body: { orderId: number } }) => [{ order: r.body.orderId }];
const orders = (r: { body: { ids: readonly number[] } }) => r.body.ids.map((id) => ({ order: id }));
const OrdersAnswer = v.object({ elements: v.array(OrderRow) });
const Done = v.object({ done: v.boolean() });

export const orderActions = [
  row({
    event: 'order.approve',
    label: text.approve,
    variant: 'primary',
    permissions: [Permission.FRAUD_COMPLETE],
    confirm: (s) => orderQuestion('Aprobar', s.id),
    success: { title: orderActionText.approved, text: (s) => text.approveText(s.id) },
    refused: OrderRefused.approve,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/risk/approve', body: OrderIdBody, data: OrderRow },
    request: (s) => ({ body: { orderId: s.id } }),
    targets: order,
    handler: 'approveRisk',
  }),
  row({
    event: 'order.cancel',
    label: text.cancel,
    variant: 'danger',
    // A risk order is the fraud analysts' to cancel; one waiting for its Zelle payment the supervisors'.
    permissions: (_event, context) => [context.status === 'PENDING_ZELLE_CONFIRM' ? Permission.SUPER_ACTION : Permission.FRAUD_COMPLETE],
    confirm: (s) => orderQuestion('Cancelar', s.id),
    success: { title: orderActionText.cancelled, text: (s) => text.cancelText(s.id) },
    refused: OrderRefused.cancel,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/checkout/cancel/payment', body: OrderIdBody, data: OrderRow },
    request: (s) => ({ body: { orderId: s.id } }),
    targets: order,
    handler: 'cancelOrder',
  }),
  row({
    event: 'order.refundFull',
    label: text.refundFull,
    permissions: [Permission.DO_ACTION],
    confirm: (s) => orderQuestion(`Reembolsar por completo (${formatMoney(s.totalPrice, s.currency)}) y cerrar`, s.id),
    success: { text: (s) => text.refundFullText(s.id) },
    refused: OrderRefused.refundFull,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/refund/payment', body: RefundBody, data: OrderRow },
    request: (s) => ({ body: { orderId: s.id, foIds: [], total: true, close: true } }),
    match: (r) => r.body.total === true && r.body.close === true && r.body.toCredit !== true,
    targets: order,
    handler: 'refundOrder',
    fourEyes: 'orderTotal',
  }),
  row({
    event: 'order.close',
    label: text.close,
    permissions: [Permission.SUPER_ACTION],
    many: true,
    confirm: (s) => orderQuestion('Cerrar', s.id),
    success: { text: (s) => text.closeText(s.id) },
    refused: OrderRefused.close,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/close/order', body: OrderIdsBody, data: OrdersAnswer },
    request: (s) => ({ body: { ids: [s.id] } }),
    targets: orders,
  }),
  row({
    event: 'order.settle',
    label: text.settle,
    // The provider's CLL1 re-read (POST /orders/secured/cll1/update/status): offered where the chart
    // takes it, an OPEN order whose items all finished; the same permission as closing.
    lenient: true,
    permissions: [Permission.SUPER_ACTION],
    confirm: (s) => `${orderQuestion('Cerrar', s.id)} ${text.settleReason}`,
    success: { text: (s) => text.closeText(s.id) },
    refused: OrderRefused.settle,
    // The server skips an order its chart no longer lets settle (an item reopened meanwhile): still open is a refusal.
    failure: (data) => (data.elements.every((o) => o.status === 'CLOSED') ? null : OrderRefused.settle),
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/cll1/update/status', body: OrderIdsBody, data: OrdersAnswer },
    request: (s) => ({ body: { ids: [s.id] } }),
    targets: orders,
  }),
  row({
    event: 'order.compensate',
    form: compensateForm,
    label: text.compensate,
    permissions: [Permission.COMPENSATION_PAY],
    confirm: (s, c: Compensation) => orderQuestion(`Compensar con ${formatMoney(c.full ? s.totalPrice : c.amount, s.currency)} al saldo del cliente`, s.id),
    success: { title: orderActionText.done, text: (s, _data, c) => text.compensateText(formatMoney(c.full ? s.totalPrice : c.amount, s.currency)) },
    refused: OrderRefused.compensate,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/compensation', body: CompensationBody, data: OrderRow },
    request: (s, c) => ({ body: { orderId: s.id, ...c } }),
    targets: order,
    eventOf: (r) => ({ type: 'order.compensate', ...(r.body.full === true ? {} : { amount: r.body.amount }) }),
    handler: 'compensate',
    fourEyes: 'compensation',
  }),
  row({
    event: 'order.notifyClosed',
    form: notifyClosedForm,
    label: text.notifyClosed,
    permissions: [Permission.AGENT],
    confirm: (s, email: string) => orderQuestion(`Enviar a ${email || s.email || '—'} el aviso de cierre de`, s.id),
    success: { text: (s, _data, email) => text.notifyText(email || s.email || '') },
    refused: OrderRefused.notifyClosed,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/event/send/closed', query: SendClosedQuery, data: Done },
    request: (s, email) => ({ query: { orderId: s.id, ...(email ? { emailForced: email } : {}) } }),
    targets: (r) => [{ order: r.query.orderId }],
    eventOf: (r) => ({ type: 'order.notifyClosed', emailForced: r.query.emailForced ?? '' }),
    handler: 'notifyClosed',
  }),
];
