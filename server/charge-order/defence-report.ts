import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { UpgDefenceQuery, UpgDefenceRow } from '@/api/contract/customer-reports';
import { cardCaption } from '@/domain/format';
import { dayStart } from '@/domain/date-window';

/**
 * GET /upg/api/crm/{tenant}/generate/reports-chb: the company's charge orders created in the
 * window (days in America/Toronto, the end exclusive), newest first, each with its transactions,
 * as a chargeback defence needs them.
 */
export async function upgDefenceReport(db: Kysely<Database>, company: string, q: UpgDefenceQuery): Promise<{ elements: UpgDefenceRow[]; totalElements: number }> {
  const charges = db.selectFrom('charge_orders').where('company', '=', company).where('created_date', '>=', dayStart(q.startDate)).where('created_date', '<', dayStart(q.endDate));
  const [rows, count] = await Promise.all([
    charges.selectAll().orderBy('created_date', 'desc').orderBy('id', 'desc').limit(q.size).offset(q.page * q.size).execute(),
    charges.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const orderIds = rows.flatMap((r) => (r.order_id === null ? [] : [r.order_id]));
  const rules = orderIds.length === 0 ? [] : await db.selectFrom('applied_charge_rules').select(['order_id', 'transaction_id', 'status', 'amount']).where('order_id', 'in', orderIds).orderBy('id').execute();
  return {
    elements: rows.map((c) => ({
      id: c.id,
      accountId: c.account_id,
      originOrderId: c.origin_order_id,
      appName: c.app_name,
      status: c.status,
      createdDate: c.created_date,
      totalPrice: c.total_price,
      currency: c.currency,
      card: c.first_six ? cardCaption(c.first_six, c.last_four) : '',
      pasarela: c.pasarela,
      email: c.email,
      refundedAt: c.refunded_at,
      transactions: rules
        .filter((r) => r.order_id === c.order_id)
        .map((r) => `${r.transaction_id} ${r.status} ${r.amount}`)
        .join('; '),
    })),
    totalElements: Number(count.n),
  };
}
