import type { Selectable } from 'kysely';
import { bind, bodyOf, queryOf, type Responder, type Store } from '../lifecycle/binding';
import { iso } from '../clock';
import { changedMeanwhile, malformed, notFound } from '../refusals';
import type { ChargeOrdersTable } from '../db/schema-charge-orders';
import type { ChargeRefundBody } from '@/api/contract/upg-detail';
import { CAPTURED_STATUSES, ChargeOrderMsg, chargeStatusOf, REFUNDED } from '@/domain/charge-order';
import { formatMoney } from '@/domain/format';
import { chargeOrder } from '@/machines/charge-order/charge-order.machine';
import { chargeOrderOf, chargeRowOf } from './charge-orders';
import { queuedWithin, queueEmail, type EmailOf } from '../activity/outbox';

/**
 * The charge-order actions on the gateway's CRM API (spec details §7 "Charge order (UPG) detail"):
 * the chart moves the status (approve: CLOSED, void: VOIDED); a refund of a CLOSED one is of the
 * full total against its captured transaction, once (the chart's guards, from the total and the
 * captured transactions the store reads; the applied rule becomes REFUNDED, the charge order
 * keeps CLOSED with its refund time); the e-mails go to the outbox, to the address given or the
 * charge order's own (the chart refuses one with neither). The path's
 * tenant must be the company's own (another company's charge order is not found); every action
 * claims the charge order's version, so of two at once one is a 409.
 */

type ChargeRecord = Selectable<ChargeOrdersTable>;
/** The charge order's e-mail: the completed one once CLOSED, the payment's before (its address is the request's or its own). */
export const chargeEmailOf = (c: ChargeRecord): EmailOf => ({
  subject: c.status === 'CLOSED' ? `Tu pago ${c.origin_order_id} fue completado` : `Recibimos tu pago ${c.origin_order_id}`,
  body: `Total: ${formatMoney(c.total_price, c.currency)}`,
  docCode: 'UPG',
  docId: String(c.id),
});

type ChargeKey = { tenant: string } & ({ originOrderId: string; appName: string } | { id: number });


const chargeStore: Store<ChargeRecord, ChargeKey> = {
  docCode: 'UPG',
  docId: (c) => String(c.id),
  idOf: (c) => c.id,
  async find(trx, key, request) {
    const body = request.body as { tenant?: string } | undefined;
    if (body?.tenant !== undefined && body.tenant !== key.tenant) throw malformed(ChargeOrderMsg.tenantMismatch);
    if ('id' in key) return [await chargeOrderOf(trx, key.tenant, key.id)];
    const charge = await trx.selectFrom('charge_orders').selectAll().where('origin_order_id', '=', key.originOrderId).where('app_name', '=', key.appName).where('company', '=', key.tenant).executeTakeFirst();
    if (!charge) throw notFound(ChargeOrderMsg.notFound(key.originOrderId));
    return [charge];
  },
  // The facts its guards read: the total and the captured transactions a refund returns, whether it has an address.
  async input(trx, c, ctx) {
    const captured = c.order_id === null ? [] : await trx.selectFrom('applied_charge_rules').select('transaction_id').where('order_id', '=', c.order_id).where('status', 'in', CAPTURED_STATUSES).orderBy('id').execute();
    return {
      status: chargeStatusOf(c.status, c.refunded_at),
      totalPrice: c.total_price,
      currency: c.currency,
      captured: captured.map((r) => r.transaction_id),
      email: c.email !== null && c.email.trim() !== '',
      // Where its e-mail went within the resend window.
      sentWithin: await queuedWithin(trx, ctx.now, chargeEmailOf(c), c.email),
    };
  },
  async save(trx, move, ctx) {
    const refunded = move.to === REFUNDED;
    const claimed = await trx
      .updateTable('charge_orders')
      .set({ status: refunded ? 'CLOSED' : move.to, refunded_at: refunded ? iso(ctx.now) : move.record.refunded_at, version: move.record.version + 1 })
      .where('id', '=', move.record.id)
      .where('version', '=', move.record.version)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw changedMeanwhile(ChargeOrderMsg.concurrent);
  },
};

const theCharge: Responder<ChargeRecord> = async (results, _request, ctx) => chargeRowOf(await chargeOrderOf(ctx.db, results[0]!.record.company, results[0]!.record.id));
const done: Responder<ChargeRecord> = () => ({ done: true });

export const chargeOrderBinding = bind<ChargeRecord, ChargeKey>({
  lifecycle: chargeOrder,
  store: chargeStore,
  handlers: {
    refund: {
      // Once the chart allowed it: the full total, against a captured transaction of this charge's order (a second refund is its 409).
      async perform({ trx, record, request }) {
        const body = bodyOf<ChargeRefundBody>(request);
        await trx.updateTable('applied_charge_rules').set({ status: 'REFUNDED' }).where('order_id', '=', record.order_id!).where('transaction_id', '=', body.transactionId).execute();
        return { description: `Reembolso total del cobro ${record.id}: ${formatMoney(record.total_price, record.currency)} (transacción ${body.transactionId})`, before: { refundedAt: null }, after: { refundedAt: 'reembolsado', transactionId: body.transactionId } };
      },
    },
    notify: {
      async perform({ trx, ctx, record, request }) {
        const query = queryOf<{ emailForced?: string; appliedId?: number }>(request);
        const to = query.emailForced || record.email;
        if (!to) throw new Error(`charge order ${record.id}: an e-mail without an address got past its chart`);
        return queueEmail(trx, ctx.now, { ...chargeEmailOf(record), to });
      },
    },
  },
  describe: (row, c) => `${row.label}: cobro ${c.id} (${c.origin_order_id})`,
  respond: {
    '/upg/api/crm/:tenant/event/send/closed': done,
    '/upg/api/crm/:tenant/event/send/payment': done,
  },
  answer: theCharge,
});
