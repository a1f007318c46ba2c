import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { bind, queryOf, type Store, type Trx } from '../lifecycle/binding';
import { notFound } from '../refusals';
import { iso } from '../clock';
import { accountStore, customerOrThrow, type AccountRecord } from './account-data';
import type { DefenceQuery, DefenceRow, ReportQuery, ReportResult, SaldoReport } from '@/api/contract/customer-reports';
import { csvFile } from '@/domain/csv';
import { cardCaption, formatMoney, formatSessionTime } from '@/domain/format';
import { terminateCauseLabel } from '@/domain/calls';
import { dayjs, formatDateTime, DATE_TIME_SECONDS_FORMAT } from '@/domain/time';
import { DEFENCE_SERVICES, ReportMsg, reportTypeLabel } from '@/domain/reports';
import { dayStart } from '@/domain/date-window';
import { customerReports } from '@/machines/customer/reports.machine';

/**
 * The customer's reports. The customer report (POST /orders/secured/generate/reports) is built
 * here from the customer's own data in the window (the end is exclusive: the console sends the
 * day after the last one), as CSV, and kept in the outbox as the e-mail that carries it (to the
 * address given, else the customer's: the chart refuses a customer without one when none is). The
 * defence report (GET reports-chb) lists the customer's orders of a service and gateway with what a
 * chargeback answer needs; reports-saldo is one order's balance movements.
 */

type Db = Kysely<Database> | Trx;
type Cell = string | number | null;
/** A report is bounded: a year at most (the query's check) and this many rows per section. */
const SECTION_LIMIT = 20_000;

const when = (value: string | null) => formatDateTime(value, DATE_TIME_SECONDS_FORMAT);

/** The numbers a phone may be stored as: with or without +, with or without Cuba's 53. */
function phoneForms(digits: string): string[] {
  const full = /^[56]\d{7}$/.test(digits) ? `53${digits}` : digits;
  return [full, `+${full}`];
}

async function topups(db: Db, accountId: number, product: string, destinations: string[], from: string, to: string): Promise<Cell[][]> {
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.created_date', 'o.id as order', 'i.destination', 'i.amount', 'i.currency', 'i.status'])
    .where('o.account_id', '=', accountId)
    .where('i.product_type', '=', product)
    .where('i.destination', 'in', destinations)
    .where('i.created_date', '>=', from)
    .where('i.created_date', '<', to)
    .orderBy('i.created_date')
    .limit(SECTION_LIMIT)
    .execute();
  return rows.map((r) => [when(r.created_date), r.order, r.destination, r.amount, r.currency, r.status]);
}

async function calls(db: Db, accountId: number, from: string, to: string): Promise<Cell[][]> {
  const rows = await db
    .selectFrom('calls')
    .select(['start_time', 'src', 'called_station', 'session_time', 'session_bill', 'terminate_cause_id'])
    .where('account_id', '=', accountId)
    .where('start_time', '>=', from)
    .where('start_time', '<', to)
    .orderBy('start_time')
    .limit(SECTION_LIMIT)
    .execute();
  return rows.map((r) => [when(r.start_time), r.src, r.called_station, formatSessionTime(r.session_time), r.session_bill, terminateCauseLabel(r.terminate_cause_id)]);
}

async function movements(db: Db, accountId: number, from: string, to: string): Promise<Cell[][]> {
  const rows = await db
    .selectFrom('credit_transactions')
    .select(['date_time', 'credit_type', 'trn_type', 'amount', 'prev_amount', 'final_amount', 'description'])
    .where('account_id', '=', accountId)
    .where('date_time', '>=', from)
    .where('date_time', '<', to)
    .orderBy('date_time')
    .orderBy('id')
    .limit(SECTION_LIMIT)
    .execute();
  return rows.map((r) => [when(r.date_time), r.credit_type, r.trn_type, r.amount, r.prev_amount, r.final_amount, r.description]);
}

const SECTIONS = {
  TOPUP: { title: 'Recargas', header: ['Fecha', 'Orden', 'Destino', 'Monto', 'Moneda', 'Estado'] },
  NAUTA: { title: 'Nautas', header: ['Fecha', 'Orden', 'Correo Nauta', 'Monto', 'Moneda', 'Estado'] },
  CALLS: { title: 'Llamadas', header: ['Fecha', 'Origen', 'Destino', 'Duración', 'Costo', 'Causa'] },
  BALANCE: { title: 'Movimientos de Saldo', header: ['Fecha', 'Tipo de crédito', 'Movimiento', 'Monto', 'Saldo anterior', 'Saldo final', 'Descripción'] },
} as const;

/** The report's sections, in the order the type lists them (all four for Todos). */
async function sections(db: Db, accountId: number, q: ReportQuery): Promise<{ key: keyof typeof SECTIONS; rows: Cell[][] }[]> {
  const from = dayStart(q.startDate);
  const to = dayStart(q.endDate);
  const wanted = q.type === 'ALL' ? (['TOPUP', 'NAUTA', 'CALLS', 'BALANCE'] as const) : [q.type];
  const out: { key: keyof typeof SECTIONS; rows: Cell[][] }[] = [];
  for (const key of wanted) {
    // The query's checks gave these types their phone and Nauta address.
    if (key === 'TOPUP') out.push({ key, rows: await topups(db, accountId, 'TOPUP', phoneForms(q.phoneNumber), from, to) });
    else if (key === 'NAUTA') out.push({ key, rows: await topups(db, accountId, 'TOPUP_NAUTA', [q.emailNauta], from, to) });
    else if (key === 'CALLS') out.push({ key, rows: await calls(db, accountId, from, to) });
    else out.push({ key, rows: await movements(db, accountId, from, to) });
  }
  return out;
}

/** The customer's e-mail on file ('' for none). */
const emailOf = async (trx: Trx, accountId: number) => (await trx.selectFrom('accounts').select('email').where('id', '=', accountId).executeTakeFirstOrThrow()).email ?? '';

const reportsStore: Store<AccountRecord, { accountId: number }> = {
  ...accountStore,
  input: async (trx, r) => ({ status: 'open', email: (await emailOf(trx, r.id)) !== '' }),
};

export const customerReportsBinding = bind<AccountRecord, { accountId: number }>({
  lifecycle: customerReports,
  store: reportsStore,
  handlers: {
    generate: {
      async perform({ trx, ctx, record, request }) {
        const q = queryOf<ReportQuery>(request);
        const sendTo = q.emailForced || (await emailOf(trx, record.id));
        const lastDay = dayjs(q.endDate).subtract(1, 'day').format('YYYY-MM-DD');
        const built = await sections(trx, record.id, q);
        const lines: Cell[][] = [[`Reporte ${reportTypeLabel(q.type)}`, `Cliente ${record.id}`, `Del ${q.startDate} al ${lastDay}`]];
        for (const { key, rows } of built) lines.push([], [SECTIONS[key].title], [...SECTIONS[key].header], ...rows);
        const rows = built.reduce((n, s) => n + s.rows.length, 0);
        const fileName = `reporte-${q.type.toLowerCase()}-${record.id}-${q.startDate}-${lastDay}.csv`;
        await trx
          .insertInto('outbox_messages')
          .values({ channel: 'EMAIL', address: sendTo.toLowerCase(), subject: `${fileName}: Reporte ${reportTypeLabel(q.type)} del cliente ${record.id}`, body: csvFile(lines), doc_code: 'CUSTOM', doc_id: String(record.id), created: iso(ctx.now) })
          .execute();
        const data: ReportResult = { type: q.type, rows, sentTo: sendTo.toLowerCase(), fileName };
        return {
          description: `Reporte ${reportTypeLabel(q.type)} del ${q.startDate} al ${lastDay} (${rows} filas) enviado a ${data.sentTo}`,
          before: { report: null },
          after: { report: fileName, rows, sentTo: data.sentTo },
          data,
        };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});

type OrderRow = { id: number; origin_order_id: string | null; created_date: string; status: string; total_price: number; currency: string; app_name: string | null; pasarela: number | null; email: string | null; ip_origin: string | null; device_id: string | null };
const ORDER_COLUMNS = ['o.id', 'o.origin_order_id', 'o.created_date', 'o.status', 'o.total_price', 'o.currency', 'o.app_name', 'o.pasarela', 'o.email', 'o.ip_origin', 'o.device_id'] as const;

/** The orders as a defence shows them: how each was paid and what it carried. */
async function defenceRows(db: Db, orders: readonly OrderRow[]): Promise<DefenceRow[]> {
  const ids = orders.map((o) => o.id);
  const [payments, items] = ids.length
    ? await Promise.all([
        db.selectFrom('payment_orders').select(['order_id', 'payment_method_type', 'card_type', 'first_six', 'last_four', 'amount']).where('order_id', 'in', ids).orderBy('id').execute(),
        db.selectFrom('order_items').select(['order_id', 'product_type', 'destination', 'status']).where('order_id', 'in', ids).orderBy('id').execute(),
      ])
    : [[], []];
  return orders.map((o) => ({
    orderId: o.id,
    originOrderId: o.origin_order_id,
    createdDate: o.created_date,
    status: o.status,
    totalPrice: o.total_price,
    currency: o.currency,
    appName: o.app_name,
    pasarela: o.pasarela,
    payment: payments
      .filter((p) => p.order_id === o.id)
      .map((p) => [p.payment_method_type, p.card_type, p.first_six ? cardCaption(p.first_six, p.last_four) : null, formatMoney(p.amount, o.currency)].filter(Boolean).join(' '))
      .join('; '),
    email: o.email,
    ipOrigin: o.ip_origin,
    deviceId: o.device_id,
    items: items
      .filter((i) => i.order_id === o.id)
      .map((i) => `${i.product_type} ${i.destination ?? ''} (${i.status})`)
      .join('; '),
  }));
}

/** GET /orders/secured/generate/reports-chb: the customer's orders of a service and gateway in the window. */
export async function defenceReport(db: Kysely<Database>, q: DefenceQuery): Promise<{ elements: DefenceRow[]; totalElements: number }> {
  await customerOrThrow(db, q.accountId);
  const service = DEFENCE_SERVICES.find((s) => s.code === q.type)!;
  let orders = db.selectFrom('orders as o').where('o.account_id', '=', q.accountId).where('o.created_date', '>=', dayStart(q.star)).where('o.created_date', '<', dayStart(q.end));
  if (q.pasarela !== null) orders = orders.where('o.pasarela', '=', q.pasarela);
  if ('apps' in service) orders = orders.where('o.app_name', 'in', [...service.apps]);
  if ('products' in service) {
    const products = [...service.products];
    orders = orders.where((eb) => eb.exists(eb.selectFrom('order_items as i').select('i.id').whereRef('i.order_id', '=', 'o.id').where('i.product_type', 'in', products)));
  }
  const direction = q.sort === 'createdDate,asc' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    orders.select(ORDER_COLUMNS).orderBy('o.created_date', direction).orderBy('o.id', direction).limit(q.size).offset(q.page * q.size).execute(),
    orders.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { elements: await defenceRows(db, rows), totalElements: Number(count.n) };
}

/** GET /orders/secured/generate/reports-saldo: one order of the customer (by number or origin code) and its balance movements. */
export async function balanceReport(db: Kysely<Database>, accountId: number, code: string): Promise<SaldoReport> {
  await customerOrThrow(db, accountId);
  const byNumber = /^\d{1,12}$/.test(code);
  const order = await db
    .selectFrom('orders as o')
    .select([...ORDER_COLUMNS, 'o.account_id'])
    .where(byNumber ? 'o.id' : 'o.origin_order_id', '=', byNumber ? Number(code) : code)
    .executeTakeFirst();
  // Another customer's order is named by nothing here (the same answer as an unknown one).
  if (!order || order.account_id !== accountId) throw notFound(ReportMsg.orderNotTheirs(code, accountId));
  const mentions = await db
    .selectFrom('credit_transactions')
    .select(['date_time', 'credit_type', 'trn_type', 'amount', 'prev_amount', 'final_amount', 'description'])
    .where('account_id', '=', accountId)
    .where('description', 'like', `%orden ${order.id}%`)
    .orderBy('date_time')
    .orderBy('id')
    .execute();
  const ofThisOrder = mentions.filter((m) => new RegExp(`\\borden ${order.id}\\b`).test(m.description));
  const [row] = await defenceRows(db, [order]);
  return {
    order: row!,
    movements: ofThisOrder.map((m) => ({ date: m.date_time, creditType: m.credit_type, trnType: m.trn_type, amount: m.amount, prevAmount: m.prev_amount, finalAmount: m.final_amount, description: m.description })),
  };
}
