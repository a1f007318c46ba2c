import * as v from 'valibot';
import { ChartSnapshots } from './chart-snapshot';
import { Envelope } from './envelope';
import { BodyId, QueryId } from './fields';
import { MoneyAmount } from './money';
import { MlInference } from './order-detail';
import { ChargeOrderRow } from './upg';
import { APP_NAMES } from '@/domain/catalog';
import { ChargeOrderMsg } from '@/domain/charge-order';
import { RefundMsg } from '@/domain/order-actions';

/** The charge-order (UPG) detail and its actions (spec details §7 "Charge order (UPG) detail"): apart from the list's contract, which stays small. */
/** GET /upg/api/crm/{tenant}/paymentChargeOrder?chargeorderId, /rules/list?chargeorderId */
export const ChargeOrderIdQuery = v.object({ chargeorderId: QueryId(ChargeOrderMsg.chargeOrderId) });
/** GET /riskcontrol/api/crm/ml/riskinference/bychargeorder?chargeOrderId (the answer in data.object) */
export const ChargeOrderMlQuery = v.object({ chargeOrderId: QueryId(ChargeOrderMsg.chargeOrderId) });
/** The charge order as the gateway has it now; the reference server's `charts`: its `chargeOrder` chart (docs/contract.md). */
export const ChargeOrderDetail = v.object({ ...ChargeOrderRow.entries, charts: ChartSnapshots });
export type ChargeOrderDetail = v.InferOutput<typeof ChargeOrderDetail>;
export const ChargeOrderResponse = Envelope(ChargeOrderDetail);
export const ChargeOrderMlResponse = Envelope(v.object({ object: v.nullable(MlInference) }));

const ChargeBody = {
  originOrderId: v.pipe(v.optional(v.string(ChargeOrderMsg.originOrderId), ''), v.trim(), v.nonEmpty(ChargeOrderMsg.originOrderId), v.maxLength(40, ChargeOrderMsg.originOrderId)),
  appName: v.pipe(v.optional(v.string(ChargeOrderMsg.appName), ''), v.picklist(APP_NAMES, ChargeOrderMsg.appName)),
  tenant: v.pipe(v.optional(v.string(ChargeOrderMsg.tenant), ''), v.trim(), v.nonEmpty(ChargeOrderMsg.tenant), v.maxLength(60, ChargeOrderMsg.tenant)),
};

/** POST /upg/api/crm/{tenant}/chargeorder/approve (originOrderId, appName, tenant) */
export const ChargeApproveBody = v.object(ChargeBody);
export type ChargeApproveBody = v.InferOutput<typeof ChargeApproveBody>;
/** POST …/chargeorder/voidPreAuth (plus accountId) */
export const ChargeVoidBody = v.object({ ...ChargeBody, accountId: BodyId(ChargeOrderMsg.accountId) });
export type ChargeVoidBody = v.InferOutput<typeof ChargeVoidBody>;
/** POST …/chargeorder/refund (plus amount, transactionId): the full total only. */
export const ChargeRefundBody = v.object({
  ...ChargeVoidBody.entries,
  amount: v.pipe(
    v.optional(v.union([v.number(ChargeOrderMsg.amount), v.string(ChargeOrderMsg.amount)], ChargeOrderMsg.amount), 0),
    v.check((typed) => typed !== 0 && typed !== '', ChargeOrderMsg.amount),
    MoneyAmount({ invalid: RefundMsg.bounds }),
  ),
  transactionId: v.pipe(v.optional(v.string(ChargeOrderMsg.transactionId), ''), v.trim(), v.nonEmpty(ChargeOrderMsg.transactionId), v.maxLength(80, ChargeOrderMsg.transactionId)),
});
export type ChargeRefundBody = v.InferOutput<typeof ChargeRefundBody>;
