import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CallRow, CallsQuery } from '@/api/contract/calls';
import type { ChargeOrderRow, ChargeOrdersQuery } from '@/api/contract/upg';
import { normalizeWindow, windowBounds } from '@/domain/date-window';
import { cappedCount, checkPageWithinCap, pageOf, type Page } from './paging';

/** The calls search (window rules of calls: 50 days back). */
export async function searchCalls(db: Kysely<Database>, q: CallsQuery, now: number): Promise<Page<CallRow>> {
  checkPageWithinCap(q);
  const { from, until } = windowBounds(normalizeWindow({ startDate: q.startDate, endDate: q.endDate, hasId: q.accountId !== undefined }, 'calls', now));
  let calls = db.selectFrom('calls as c');
  if (from) calls = calls.where('c.start_time', '>=', from);
  calls = calls.where('c.start_time', '<', until);
  if (q.accountId !== undefined) calls = calls.where('c.account_id', '=', q.accountId);
  if (q.e164) calls = calls.where('c.called_station', '=', q.e164);
  if (q.src) calls = calls.where('c.src', '=', q.src);
  if (q.terminateCauseId !== undefined) calls = calls.where('c.terminate_cause_id', '=', Number(q.terminateCauseId));
  const [rows, count] = await Promise.all([
    calls.selectAll().orderBy('c.start_time', 'desc').orderBy('c.id', 'desc').limit(q.size).offset(q.page * q.size).execute(),
    cappedCount(db, calls.select('c.id')),
  ]);
  return pageOf(
    rows.map((c) => ({
      id: c.id,
      accountId: c.account_id,
      src: c.src,
      calledStation: c.called_station,
      starTime: c.start_time,
      sessionTime: c.session_time,
      sessionBill: c.session_bill,
      nasIpAddress: c.nas_ip_address,
      minFree: c.min_free,
      terminateCauseId: c.terminate_cause_id,
      dnid: c.dnid,
      idTrunk: c.id_trunk,
      idTariffPlan: c.id_tariff_plan,
      idTariffGroup: c.id_tariff_group,
    })),
    count,
  );
}

/** The payment-gateway (UPG) charge orders of one company. */
export async function searchChargeOrders(db: Kysely<Database>, company: string, q: ChargeOrdersQuery, now: number): Promise<Page<ChargeOrderRow>> {
  checkPageWithinCap(q);
  const hasId = q.accountId !== undefined || q.orderId !== undefined || q.chargeOrderId !== undefined || q.originOrderId !== undefined;
  const { from, until } = windowBounds(normalizeWindow({ startDate: q.startDate, endDate: q.endDate, hasId }, 'default', now));
  let charges = db.selectFrom('charge_orders as c').where('c.company', '=', company);
  if (from) charges = charges.where('c.created_date', '>=', from);
  charges = charges.where('c.created_date', '<', until);
  if (q.accountId !== undefined) charges = charges.where('c.account_id', '=', q.accountId);
  if (q.originOrderId) charges = charges.where('c.origin_order_id', '=', q.originOrderId);
  if (q.appName) charges = charges.where('c.app_name', '=', q.appName);
  if (q.status) charges = charges.where('c.status', '=', q.status);
  if (q.pasarela) charges = charges.where('c.pasarela', '=', Number(q.pasarela));
  if (q.card) charges = charges.where('c.first_six', '=', q.card.firstSix).where('c.last_four', '=', q.card.lastFour);
  if (q.email) charges = charges.where('c.email', '=', q.email.toLowerCase());
  if (q.orderId !== undefined) charges = charges.where('c.order_id', '=', q.orderId);
  if (q.chargeOrderId !== undefined) charges = charges.where('c.id', '=', q.chargeOrderId);
  const [rows, count] = await Promise.all([
    charges.selectAll().orderBy('c.created_date', 'desc').orderBy('c.id', 'desc').limit(q.size).offset(q.page * q.size).execute(),
    cappedCount(db, charges.select('c.id')),
  ]);
  return pageOf(
    rows.map((c) => ({
      id: c.id,
      accountId: c.account_id,
      orderId: c.order_id,
      originOrderId: c.origin_order_id,
      appName: c.app_name,
      status: c.status,
      email: c.email,
      currency: c.currency,
      totalPrice: c.total_price,
      pasarela: c.pasarela,
      firstSix: c.first_six,
      lastFour: c.last_four,
      createdDate: c.created_date,
    })),
    count,
  );
}
