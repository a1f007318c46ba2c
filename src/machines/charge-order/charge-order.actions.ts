import * as v from 'valibot';
import { ChargeOrderRow } from '@/api/contract/upg';
import { ChargeApproveBody, ChargeRefundBody, ChargeVoidBody } from '@/api/contract/upg-detail';
import { SendClosedQuery, SendPaymentQuery } from '@/api/contract/order-actions';
import { ChargeOrderMsg, chargeRefundRefusal, type ChargeRefundFacts } from '@/domain/charge-order';
import { formatMoney } from '@/domain/format';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { chargeText } from '@/i18n/es-charge-order';
import { rowOf } from '@/machines/lifecycle/table';

/**
 * A payment-gateway charge order's actions (spec details §4, §6, §7 "Charge order (UPG) detail"),
 * all on the gateway's CRM API with its api key and the staff member's token. Approving, voiding
 * the pre-authorisation and refunding are the fraud analysts' (CRM7_FRAUD_COMPLETE, as for risk
 * orders); the e-mails are customer contact (CRM7_AGENT), as the order's.
 */

/**
 * A refund names its amount and transaction (absent: the button's probe); an e-mail the address
 * the request gives ('' for the charge order's own).
 */
export type ChargeOrderEvent =
  | { type: 'charge.approve' }
  | { type: 'charge.voidPreAuth' }
  | { type: 'charge.refund'; amount?: number; transactionId?: string }
  | { type: 'charge.notifyClosed'; emailForced?: string }
  | { type: 'charge.notifyPayment'; emailForced?: string };

export interface ChargeOrderContext extends ChargeRefundFacts {
  status: string;
  permissions: readonly string[];
  /** The charge order has an e-mail of its own: its e-mails go there when the request gives no other. */
  email: boolean;
  /** Where its e-mail went within the resend window ('' for its own address): not sent there again. */
  sentWithin?: readonly string[];
}

/** The charge order as its detail names it, with the approved transaction a refund returns. */
export interface ChargeOrderSubject {
  id: number;
  originOrderId: string;
  appName: string;
  accountId: number;
  totalPrice: number;
  currency: string;
  email: string | null;
  /** The approved applied rule: what the gateway refunds and what the payment e-mail is about. */
  applied: { id: number; transactionId: string } | null;
}

const row = rowOf<ChargeOrderEvent, ChargeOrderContext, ChargeOrderSubject>();
const text = chargeText.actions;
const byOrigin = (r: { body: { originOrderId: string; appName: string }; params: Readonly<Record<string, string>> }) => [{ originOrderId: r.body.originOrderId, appName: r.body.appName, tenant: r.params.tenant ?? '' }];
const byId = (r: { query: { orderId: number }; params: Readonly<Record<string, string>> }) => [{ id: r.query.orderId, tenant: r.params.tenant ?? '' }];
const Done = v.object({ done: v.boolean() });
const PATH = '/upg/api/crm/:tenant';
/** The console's e-mail buttons send no address: they stand for a request that asks for the charge order's own. */
const OWN_ADDRESS = '';

export const chargeOrderActions = [
  row({
    event: 'charge.approve',
    label: text.approve,
    variant: 'primary',
    permissions: [Permission.FRAUD_COMPLETE],
    confirm: (s) => text.question('Aprobar', s.id, s.originOrderId),
    success: { title: Msg.approved, text: (s) => text.approved(s.id) },
    refused: ChargeOrderMsg.approve,
    wire: { client: 'upg', method: 'POST', path: `${PATH}/chargeorder/approve`, body: ChargeApproveBody, data: ChargeOrderRow },
    request: (s, _p, session) => ({ body: { originOrderId: s.originOrderId, appName: s.appName, tenant: session.tenant } }),
    targets: byOrigin,
  }),
  row({
    event: 'charge.voidPreAuth',
    label: text.voidPreAuth,
    variant: 'danger',
    permissions: [Permission.FRAUD_COMPLETE],
    confirm: (s) => text.question('Anular la preautorización de', s.id, s.originOrderId),
    success: { title: Msg.cancelled, text: (s) => text.voided(s.id) },
    refused: ChargeOrderMsg.voidPreAuth,
    wire: { client: 'upg', method: 'POST', path: `${PATH}/chargeorder/voidPreAuth`, body: ChargeVoidBody, data: ChargeOrderRow },
    request: (s, _p, session) => ({ body: { originOrderId: s.originOrderId, appName: s.appName, tenant: session.tenant, accountId: s.accountId } }),
    targets: byOrigin,
  }),
  row({
    event: 'charge.refund',
    label: text.refund,
    variant: 'danger',
    permissions: [Permission.FRAUD_COMPLETE],
    confirm: (s) => text.refundQuestion(s.id, formatMoney(s.totalPrice, s.currency)),
    success: { text: (s) => text.refunded(s.id, formatMoney(s.totalPrice, s.currency)) },
    // A CLOSED one refuses part of its total or a transaction not captured for it; any other, the refund itself.
    refused: (c, e) => (c.status === 'CLOSED' && e.type === 'charge.refund' ? chargeRefundRefusal(c, e) : null) ?? ChargeOrderMsg.refund,
    wire: { client: 'upg', method: 'POST', path: `${PATH}/chargeorder/refund`, body: ChargeRefundBody, data: ChargeOrderRow },
    request: (s, _p, session) => ({ body: { originOrderId: s.originOrderId, appName: s.appName, tenant: session.tenant, accountId: s.accountId, amount: s.totalPrice, transactionId: s.applied?.transactionId ?? '' } }),
    targets: byOrigin,
    eventOf: (r) => ({ type: 'charge.refund', amount: r.body.amount, transactionId: r.body.transactionId }),
    handler: 'refund',
  }),
  row({
    event: 'charge.notifyClosed',
    label: text.notifyClosed,
    permissions: [Permission.AGENT],
    confirm: (s) => text.notifyQuestion('del cierre', s.id, s.email),
    success: { title: Msg.requested, text: (s) => text.notified(s.id, s.email) },
    refused: ChargeOrderMsg.notifyClosed,
    wire: { client: 'upg', method: 'POST', path: `${PATH}/event/send/closed`, query: SendClosedQuery, data: Done },
    request: (s): { query: v.InferOutput<typeof SendClosedQuery> } => ({ query: { orderId: s.id } }),
    probes: [{ type: 'charge.notifyClosed', emailForced: OWN_ADDRESS }],
    targets: byId,
    eventOf: (r) => ({ type: 'charge.notifyClosed', emailForced: r.query.emailForced ?? OWN_ADDRESS }),
    handler: 'notify',
  }),
  row({
    event: 'charge.notifyPayment',
    label: text.notifyPayment,
    permissions: [Permission.AGENT],
    confirm: (s) => text.notifyQuestion('del pago', s.id, s.email),
    success: { title: Msg.requested, text: (s) => text.notified(s.id, s.email) },
    refused: ChargeOrderMsg.notifyPayment,
    wire: { client: 'upg', method: 'POST', path: `${PATH}/event/send/payment`, query: SendPaymentQuery, data: Done },
    request: (s): { query: v.InferOutput<typeof SendPaymentQuery> } => ({ query: { orderId: s.id, appliedId: s.applied?.id ?? 0, refund: 'false', accountId: String(s.accountId) } }),
    probes: [{ type: 'charge.notifyPayment', emailForced: OWN_ADDRESS }],
    targets: byId,
    eventOf: (r) => ({ type: 'charge.notifyPayment', emailForced: r.query.emailForced ?? OWN_ADDRESS }),
    handler: 'notify',
  }),
];
