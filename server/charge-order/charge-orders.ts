import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { ChargeOrdersTable } from '../db/schema-charge-orders';
import { notFound } from '../http';
import type { ChargeOrderRow, ChargeOrdersQuery } from '@/api/contract/upg';
import { normalizeWindow, windowBounds } from '@/domain/date-window';
import { cappedCount, checkPageWithinCap, pageOf, type Page } from '../db/paging';

/** A stored charge order as the contract shows it (spec details §3 "Charge order (UPG)"). */
export function chargeRowOf(c: Selectable<ChargeOrdersTable>): ChargeOrderRow {
  return {
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
    refundedAt: c.refunded_at,
  };
}

/** One charge order of the company (404 for another company's, as for an unknown one). */
export async function chargeOrderOf(db: Kysely<Database>, company: string, id: number): Promise<Selectable<ChargeOrdersTable>> {
  const charge = await db.selectFrom('charge_orders').selectAll().where('id', '=', id).where('company', '=', company).executeTakeFirst();
  if (!charge) throw notFound(`No se encontró el cobro ${id}.`);
  return charge;
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
  return pageOf(rows.map(chargeRowOf), count);
}
