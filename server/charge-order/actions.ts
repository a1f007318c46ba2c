import type { Selectable } from 'kysely';
import { bind, bodyOf, queryOf, type Responder, type Store } from '../lifecycle/binding';
import { iso } from '../clock';
import { badRequest, conflict, notFound } from '../http';
import type { ChargeOrdersTable } from '../db/schema-charge-orders';
import type { ChargeRefundBody } from '@/api/contract/upg-detail';
import { ChargeOrderMsg, chargeStatusOf, isCaptured, REFUNDED } from '@/domain/charge-order';
import { formatMoney } from '@/domain/format';
import { chargeOrder } from '@/machines/charge-order/charge-order.machine';
import { chargeOrderOf, chargeRowOf } from './charge-orders';
import { queueEmailOnce } from '../activity/outbox';

/**
 * The charge-order actions on the gateway's CRM API (spec details §7 "Charge order (UPG) detail"):
 * the chart moves the status (approve: CLOSED, void: VOIDED); a refund of a CLOSED one is of the
 * full total against its captured transaction, once (the applied rule becomes REFUNDED, the
 * charge order keeps CLOSED with its refund time); the e-mails go to the outbox. The path's
 * tenant must be the company's own (another company's charge order is not found); every action
 * claims the charge order's version, so of two at once one is a 409.
 */

type ChargeRecord = Selectable<ChargeOrdersTable>;
type ChargeKey = { tenant: string } & ({ originOrderId: string; appName: string } | { id: number });


const chargeStore: Store<ChargeRecord, ChargeKey> = {
  docCode: 'UPG',
  docId: (c) => String(c.id),
  idOf: (c) => c.id,
  async find(trx, key, request) {
    const body = request.body as { tenant?: string } | undefined;
    if (body?.tenant !== undefined && body.tenant !== key.tenant) throw badRequest(ChargeOrderMsg.tenantMismatch);
    if ('id' in key) return [await chargeOrderOf(trx, key.tenant, key.id)];
    const charge = await trx.selectFrom('charge_orders').selectAll().where('origin_order_id', '=', key.originOrderId).where('app_name', '=', key.appName).where('company', '=', key.tenant).executeTakeFirst();
    if (!charge) throw notFound(ChargeOrderMsg.notFound(key.originOrderId));
    return [charge];
  },
  input: async (_trx, c) => ({ status: chargeStatusOf(c.status, c.refunded_at) }),
  async save(trx, move, ctx) {
    const refunded = move.to === REFUNDED;
    const claimed = await trx
      .updateTable('charge_orders')
      .set({ status: refunded ? 'CLOSED' : move.to, refunded_at: refunded ? iso(ctx.now) : move.record.refunded_at, version: move.record.version + 1 })
      .where('id', '=', move.record.id)
      .where('version', '=', move.record.version)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict(ChargeOrderMsg.concurrent);
  },
};

const theCharge: Responder<ChargeRecord> = async (results, _request, ctx) => chargeRowOf(await chargeOrderOf(ctx.db, results[0]!.record.company, results[0]!.record.id));
const done: Responder<ChargeRecord> = () => ({ done: true });

export const chargeOrderBinding = bind<ChargeRecord, ChargeKey>({
  lifecycle: chargeOrder,
  store: chargeStore,
  handlers: {
    refund: {
      check({ record, request }) {
        const body = bodyOf<ChargeRefundBody>(request);
        if (Math.abs(body.amount - record.total_price) > 0.005) throw badRequest(ChargeOrderMsg.refundTotal(formatMoney(record.total_price, record.currency)));
      },
      // Once the chart allowed it (a second refund is its 409): the transaction must be this charge's, captured.
      async perform({ trx, record, request }) {
        const body = bodyOf<ChargeRefundBody>(request);
        const rule = record.order_id === null ? undefined : await trx.selectFrom('applied_charge_rules').select(['id', 'status']).where('order_id', '=', record.order_id).where('transaction_id', '=', body.transactionId).executeTakeFirst();
        if (!rule || !isCaptured(rule.status)) throw badRequest(ChargeOrderMsg.transaction);
        await trx.updateTable('applied_charge_rules').set({ status: 'REFUNDED' }).where('order_id', '=', record.order_id!).where('transaction_id', '=', body.transactionId).execute();
        return { description: `Reembolso total del cobro ${record.id}: ${formatMoney(record.total_price, record.currency)} (transacción ${body.transactionId})`, before: { refundedAt: null }, after: { refundedAt: 'reembolsado', transactionId: body.transactionId } };
      },
    },
    notify: {
      async perform({ trx, ctx, record, request }) {
        const query = queryOf<{ emailForced?: string; appliedId?: number }>(request);
        const to = query.emailForced || record.email;
        if (!to) throw badRequest('El cobro no tiene correo: indique uno.');
        const closed = record.status === 'CLOSED';
        const subject = closed ? `Tu pago ${record.origin_order_id} fue completado` : `Recibimos tu pago ${record.origin_order_id}`;
        return queueEmailOnce(trx, ctx.now, { to, subject, body: `Total: ${formatMoney(record.total_price, record.currency)}`, docCode: 'UPG', docId: String(record.id) });
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
