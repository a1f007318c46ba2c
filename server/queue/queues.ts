import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Principal } from '../deps';
import { iso } from '../clock';
import { liveClaims } from './claims';
import { waitingStatuses } from '@/machines/queue/waiting';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { pickupCash } from '@/machines/items/pickup-cash.machine';
import { isHeldForRisk, RISK_QUEUE_STATUSES } from '@/domain/order-status';
import { REMITTANCE_QUEUE_PRODUCTS, type RemittanceQueueProduct } from '@/domain/queues';
import type { RemittanceQueue, RemittanceQueueEntry, RiskQueue, RiskQueueEntry } from '@/api/contract/queues';
import type { AnyLifecycle } from '@/machines/lifecycle/table';

/**
 * The work queues, oldest first. Each (product, status) pair is read on its own along the
 * (product_type, status, created_date, id) index, limited to the page's end, and the pairs are
 * merged: the first page costs a few short index walks however many items wait.
 */

const CHARTS: Record<RemittanceQueueProduct, AnyLifecycle> = {
  REMESA_BANCARIA: bankRemittance,
  REMESA_A_DOMICILIO: homeRemittance,
  PICKUP_CASH: pickupCash,
};

const minutesSince = (date: string, now: number) => Math.max(0, Math.floor((now - Date.parse(date)) / 60_000));
const byAge = (a: { created_date: string; id: number }, b: { created_date: string; id: number }) =>
  a.created_date < b.created_date ? -1 : a.created_date > b.created_date ? 1 : a.id - b.id;

/** The (product, status) pairs that wait for this person, as their charts say. */
export function waitingPairs(permissions: readonly string[], product?: RemittanceQueueProduct) {
  return REMITTANCE_QUEUE_PRODUCTS.filter((p) => !product || p === product).flatMap((p) => waitingStatuses(CHARTS[p], permissions).map((status) => ({ product: p, status })));
}

type Parsed = { page: number; size: number; product?: RemittanceQueueProduct | undefined; province?: string | undefined; provider?: string | undefined; minAgeHours?: number | undefined };

function pairQuery(db: Kysely<Database>, pair: { product: string; status: string }, q: Parsed, now: number) {
  const pickup = pair.product === 'PICKUP_CASH';
  let query = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('remittances as r', (join) => join.onRef('r.id', '=', 'i.id').on(sql.lit(pickup ? 0 : 1), '=', 1))
    .leftJoin('pickup_remittances as p', (join) => join.onRef('p.item_id', '=', 'i.id').on(sql.lit(pickup ? 1 : 0), '=', 1))
    .where('i.product_type', '=', pair.product)
    .where('i.status', '=', pair.status);
  const province = pickup ? ('p.ship_province_code' as const) : ('r.province_code' as const);
  if (q.province) query = query.where(province, '=', q.province);
  if (q.provider) query = query.where('i.provider', '=', q.provider);
  if (q.minAgeHours !== undefined) query = query.where('i.created_date', '<=', iso(now - q.minAgeHours * 3_600_000));
  return { query, province };
}

/** The remittance queue of this person: the items their charts offer them a forward action on. */
export async function remittanceQueue(db: Kysely<Database>, principal: Principal, q: Parsed, now: number): Promise<RemittanceQueue> {
  const pairs = waitingPairs([...principal.permissions], q.product);
  const end = (q.page + 1) * q.size;
  const [pages, counts] = await Promise.all([
    Promise.all(
      pairs.map((pair) => {
        const { query, province } = pairQuery(db, pair, q, now);
        return query
          .select(['i.id', 'i.order_id', 'i.product_type', 'i.status', 'i.created_date', 'i.amount', 'i.currency', 'i.provider', 'o.status as order_status', `${province} as province`])
          .orderBy('i.created_date')
          .orderBy('i.id')
          .limit(end)
          .execute();
      }),
    ),
    Promise.all(pairs.map((pair) => pairQuery(db, pair, q, now).query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow())),
  ]);
  const rows = pages.flat().sort(byAge).slice(q.page * q.size, end);
  const [claims, provinces] = await Promise.all([
    liveClaims(db, 'item', rows.map((r) => r.id), now),
    db.selectFrom('provinces').select(['code', 'name']).execute(),
  ]);
  const provinceName = new Map(provinces.map((p) => [p.code, p.name]));
  const elements: RemittanceQueueEntry[] = rows.map((r) => ({
    itemId: r.id,
    orderId: r.order_id,
    productType: r.product_type as RemittanceQueueProduct,
    status: r.status,
    createdDate: r.created_date,
    ageMinutes: minutesSince(r.created_date, now),
    amount: r.amount,
    currency: r.currency,
    province: r.province ? (provinceName.get(r.province) ?? r.province) : null,
    provider: r.provider,
    orderStatus: r.order_status,
    blocked: isHeldForRisk(r.order_status),
    claim: claims.get(r.id) ?? null,
  }));
  return { elements, totalElements: counts.reduce((sum, c) => sum + Number(c.n), 0), statuses: [...new Set(pairs.map((p) => p.status))] };
}

/** How many orders wait for the risk review: the bell, its list, the dashboard and the risk queue all read this. */
export async function riskQueueCount(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', RISK_QUEUE_STATUSES).executeTakeFirstOrThrow();
  return Number(row.n);
}

const TOP_RULES = 3;

/** The risk queue: orders in RISK and DUPLICATE_RISK, oldest first, with what the analyst weighs first. */
export async function riskQueue(db: Kysely<Database>, q: { page: number; size: number }, now: number): Promise<RiskQueue> {
  const end = (q.page + 1) * q.size;
  const [pages, total] = await Promise.all([
    Promise.all(
      RISK_QUEUE_STATUSES.map((status) =>
        db
          .selectFrom('orders as o')
          .leftJoin('accounts as a', 'a.id', 'o.account_id')
          .select(['o.id', 'o.account_id', 'o.status', 'o.created_date', 'o.score', 'o.total_price', 'o.currency', 'a.reliability', 'a.country_code'])
          .where('o.status', '=', status)
          .orderBy('o.created_date')
          .orderBy('o.id')
          .limit(end)
          .execute(),
      ),
    ),
    riskQueueCount(db),
  ]);
  const rows = pages.flat().sort(byAge).slice(q.page * q.size, end);
  const ids = rows.map((r) => r.id);
  const [claims, rules] = await Promise.all([
    liveClaims(db, 'order', ids, now),
    ids.length === 0 ? [] : db.selectFrom('risk_rule_results').select(['order_id', 'factor', 'score']).where('order_id', 'in', ids).orderBy('score', 'desc').orderBy('id').execute(),
  ]);
  const elements: RiskQueueEntry[] = rows.map((r) => ({
    orderId: r.id,
    accountId: r.account_id,
    status: r.status,
    createdDate: r.created_date,
    ageMinutes: minutesSince(r.created_date, now),
    score: r.score,
    totalPrice: r.total_price,
    currency: r.currency,
    reliability: r.reliability,
    country: r.country_code,
    topRules: rules.filter((rule) => rule.order_id === r.id).slice(0, TOP_RULES).map((rule) => ({ factor: rule.factor, score: rule.score })),
    claim: claims.get(r.id) ?? null,
  }));
  return { elements, totalElements: total, statuses: [...RISK_QUEUE_STATUSES] };
}
