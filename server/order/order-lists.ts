import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { OrdersQuery, OrderRow, ItemsQuery, ItemRow } from '@/api/contract/order-lists';
import { normalizeWindow, windowBounds } from '@/domain/date-window';
import { RISK_STATUSES } from '@/domain/order-status';
import { productFilter } from '@/domain/products';
import { cappedCount, checkPageWithinCap, pageOf, rememberUntilWrite, type Page } from '../db/paging';

/**
 * The orders search. Order-level filters narrow `orders` through its indexes; item-level
 * filters (product, product status, destination, FOI id) drive the search from `order_items`,
 * whose indexes also order by date, so a page never needs more than a short index walk.
 */
export async function searchOrders(db: Kysely<Database>, q: OrdersQuery, now: number): Promise<Page<OrderRow>> {
  checkPageWithinCap(q);
  const window = normalizeWindow({ startDate: q.startDate, endDate: q.endDate, hasId: q.orderId !== undefined || q.accountId !== undefined }, 'default', now);
  const { from, until } = windowBounds(window);
  // The same search answers the same page until one of its tables is written (rememberUntilWrite).
  return rememberUntilWrite(db, `orders\u0000${JSON.stringify([q, from, until])}`, () => readOrders(db, q, from, until));
}

async function readOrders(db: Kysely<Database>, q: OrdersQuery, from: string | null, until: string): Promise<Page<OrderRow>> {
  const product = q.productType ? productFilter(q.productType) : undefined;
  const byItem = Boolean(product || q.productStatus || q.productDestination || q.foiId !== undefined);
  const descending = q.sort !== 'createdDate,asc';
  const hasOrderFilters = [
    q.orderId, q.accountId, q.status, q.viaClientId, q.pasarela, q.ipOrigin, q.email, q.deviceId, q.supportId, q.originOrderId, q.card,
  ].some((value) => value !== undefined);

  // Each filter of the order itself.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const orderFilters = <QB extends { where: (...args: any[]) => QB }>(query: QB): QB => {
    let x = query;
    if (q.orderId !== undefined) x = x.where('o.id', '=', q.orderId);
    if (q.accountId !== undefined) x = x.where('o.account_id', '=', q.accountId);
    if (q.status === 'ALL_RISK') x = x.where('o.status', 'in', RISK_STATUSES);
    else if (q.status) x = x.where('o.status', '=', q.status);
    if (q.viaClientId) x = x.where('o.client_id', '=', q.viaClientId);
    if (q.pasarela) x = x.where('o.pasarela', '=', Number(q.pasarela));
    if (q.ipOrigin) x = x.where('o.ip_origin', '=', q.ipOrigin);
    if (q.email) x = x.where('o.email', '=', q.email.toLowerCase());
    if (q.deviceId) x = x.where('o.device_id', '=', q.deviceId);
    if (q.supportId) x = x.where('o.support_id', '=', q.supportId);
    if (q.originOrderId) x = x.where('o.origin_order_id', '=', q.originOrderId);
    if (q.card) {
      const card = q.card;
      x = x.where('o.id', 'in', (eb: Kysely<Database>) =>
        eb.selectFrom('payment_orders').select('order_id').where('first_six', '=', card.firstSix).where('last_four', '=', card.lastFour),
      );
    }
    return x;
  };

  if (!byItem) {
    // The page with its payment elements in one query (an index walk of the page's rows, each
    // joined to its payments), beside the count: one round trip where a database is across a network.
    let orders = db.selectFrom('orders as o');
    if (from) orders = orders.where('o.created_date', '>=', from);
    orders = orderFilters(orders.where('o.created_date', '<', until));
    const direction = descending ? 'desc' : 'asc';
    const page = orders.selectAll('o').orderBy('o.created_date', direction).orderBy('o.id', direction).limit(q.size).offset(q.page * q.size);
    const [rows, count] = await Promise.all([
      db
        .selectFrom(page.as('o'))
        .leftJoin('payment_orders as p', 'p.order_id', 'o.id')
        .selectAll('o')
        .select(['p.id as payment_id', ...PAYMENT_FIELDS.map((f) => `p.${f}` as const)])
        .orderBy('o.created_date', direction)
        .orderBy('o.id', direction)
        .orderBy('p.id')
        .execute(),
      cappedCount(db, orders.select('o.id')),
    ]);
    const ids = [...new Set(rows.map((r) => r.id))];
    const payments = rows.flatMap((r) =>
      r.payment_id === null
        ? []
        : [{ order_id: r.id, payment_method_type: r.payment_method_type!, card_type: r.card_type, first_six: r.first_six, last_four: r.last_four, nonce_type: r.nonce_type, payment_gateway: r.payment_gateway }],
    );
    return pageOf(toOrderRows(ids, rows, payments), count);
  }
  // Joined to orders only when an order-level filter needs it: otherwise the item indexes
  // (which end with order_id) answer both the page and the count without touching a table.
  let items = hasOrderFilters
    ? db.selectFrom('order_items as i').innerJoin('orders as o', 'o.id', 'i.order_id')
    : db.selectFrom('order_items as i');
  if (from) items = items.where('i.created_date', '>=', from);
  items = items.where('i.created_date', '<', until);
  if (product) {
    items = items.where('i.product_type', '=', product.productType);
    if (product.currency) items = items.where('i.currency', '=', product.currency);
    if (product.notCurrency) items = items.where('i.currency', '!=', product.notCurrency);
  }
  if (q.productStatus) items = items.where('i.status', '=', q.productStatus);
  if (q.productDestination) items = items.where('i.destination', '=', q.productDestination);
  if (q.foiId !== undefined) items = items.where('i.id', '=', q.foiId);
  if (hasOrderFilters) items = orderFilters(items);
  const distinct = items.select(['i.order_id', 'i.created_date']).distinct();
  const [rows, count] = await Promise.all([
    distinct
      .orderBy('i.created_date', descending ? 'desc' : 'asc')
      .orderBy('i.order_id', descending ? 'desc' : 'asc')
      .limit(q.size)
      .offset(q.page * q.size)
      .execute(),
    cappedCount(db, distinct),
  ]);
  return pageOf(await ordersById(db, rows.map((r) => r.order_id)), count);
}

/** What a row of the list shows of each payment of its order. */
const PAYMENT_FIELDS = ['payment_method_type', 'card_type', 'first_six', 'last_four', 'nonce_type', 'payment_gateway'] as const;
type OrderRecord = Selectable<Database['orders']>;
type PaymentRecord = Pick<Selectable<Database['payment_orders']>, (typeof PAYMENT_FIELDS)[number]> & { order_id: number };

/** Full rows (with their payment elements) for a page of ids, in the page's order. */
export async function ordersById(db: Kysely<Database>, ids: number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  const [orders, payments] = await Promise.all([
    db.selectFrom('orders').selectAll().where('id', 'in', ids).execute(),
    db.selectFrom('payment_orders').select(['order_id', ...PAYMENT_FIELDS]).where('order_id', 'in', ids).orderBy('id').execute(),
  ]);
  return toOrderRows(ids, orders, payments);
}

/** The list's rows in the order of `ids`, each with its payments in their order. */
function toOrderRows(ids: readonly number[], orders: readonly OrderRecord[], payments: readonly PaymentRecord[]): OrderRow[] {
  const byId = new Map(orders.map((o) => [o.id, o]));
  const paymentsOf = new Map<number, PaymentRecord[]>();
  for (const p of payments) paymentsOf.set(p.order_id, [...(paymentsOf.get(p.order_id) ?? []), p]);
  return ids.flatMap((id) => {
    const o = byId.get(id);
    if (!o) return [];
    return [
      {
        id: o.id,
        accountId: o.account_id,
        createdDate: o.created_date,
        status: o.status,
        totalPrice: o.total_price,
        currency: o.currency,
        clientId: o.client_id,
        email: o.email,
        ipOrigin: o.ip_origin,
        deviceId: o.device_id,
        isClientDeviceId: o.is_client_device_id === 1,
        appName: o.app_name,
        score: o.score,
        pasarela: o.pasarela,
        originOrderId: o.origin_order_id,
        totalRefundAllowed: o.total_refund_allowed === 1,
        paymentOrderlist: (paymentsOf.get(id) ?? []).map((p) => ({
            paymentMethodType: p.payment_method_type,
            cardType: p.card_type,
            firstSix: p.first_six,
            lastFour: p.last_four,
            nonceType: p.nonce_type,
            paymentGateway: p.payment_gateway,
          })),
      },
    ];
  });
}

/** The items search: one table, one index per filter, ordered by date. */
export async function searchItems(db: Kysely<Database>, q: ItemsQuery, now: number): Promise<Page<ItemRow>> {
  checkPageWithinCap(q);
  const window = normalizeWindow({ startDate: q.startDate, endDate: q.endDate, hasId: q.accountId !== undefined || q.foiId !== undefined }, 'default', now);
  const { from, until } = windowBounds(window);
  return rememberUntilWrite(db, `items\u0000${JSON.stringify([q, from, until])}`, () => readItems(db, q, from, until));
}

async function readItems(db: Kysely<Database>, q: ItemsQuery, from: string | null, until: string): Promise<Page<ItemRow>> {
  let items = db.selectFrom('order_items as i');
  if (from) items = items.where('i.created_date', '>=', from);
  items = items.where('i.created_date', '<', until);
  if (q.accountId !== undefined) items = items.where('i.account_id', '=', q.accountId);
  if (q.foiId !== undefined) items = items.where('i.id', '=', q.foiId);
  if (q.destination) items = items.where('i.destination', '=', q.destination);
  if (q.productStatus) items = items.where('i.status', '=', q.productStatus);
  if (q.productType) items = items.where('i.product_type', '=', q.productType);
  const [rows, count] = await Promise.all([
    items
      .select(['i.id', 'i.order_id', 'i.account_id', 'i.destination', 'i.product_type', 'i.status', 'i.amount', 'i.currency', 'i.created_date'])
      .orderBy('i.created_date', 'desc')
      .orderBy('i.id', 'desc')
      .limit(q.size)
      .offset(q.page * q.size)
      .execute(),
    cappedCount(db, items.select('i.id')),
  ]);
  // The orders' currencies of the page: what each item was charged in.
  const orders = rows.length ? await db.selectFrom('orders').select(['id', 'currency']).where('id', 'in', [...new Set(rows.map((r) => r.order_id))]).execute() : [];
  const charged = new Map(orders.map((o) => [o.id, o.currency]));
  return pageOf(
    rows.map((r) => ({
      foiId: r.id,
      orderId: r.order_id,
      accountId: r.account_id,
      destination: r.destination,
      productType: r.product_type,
      productStatus: r.status,
      amount: r.amount,
      chargedCurrency: charged.get(r.order_id) ?? 'USD',
      currency: r.currency,
      createdDate: r.created_date,
    })),
    count,
  );
}
