import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { iso } from '../clock';
import { liveClaims } from './claims';
import { waitingStatuses } from '@/machines/queue/waiting';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { pickupCash } from '@/machines/items/pickup-cash.machine';
import { RISK_QUEUE_STATUSES } from '@/domain/order-status';
import { heldForRisk } from '@/machines/items/item';
import { restoredChart } from '@/machines/lifecycle/restore';
import { inputOf, type ChartSnapshot } from '@/api/contract/chart-snapshot';
import { REMITTANCE_QUEUE_PRODUCTS, type RemittanceQueueProduct } from '@/domain/queues';
import type { QueueSort, RemittanceQueue, RemittanceQueueEntry, RiskQueue, RiskQueueEntry } from '@/api/contract/queues';
import type { AnyLifecycle } from '@/machines/lifecycle/table';
import { slaStateOf } from '@/machines/queue/sla.machine';
import { slaMinutes, type SlaQueue, type SlaState } from '@/domain/sla';
import type { ReadContext } from '../lifecycle/snapshot';
import { entryCharts } from './bulk';
import { queueBatch } from '@/machines/queue/batch.machine';

/**
 * The work queues, oldest first (or newest first: the same index walks reversed). Each (product,
 * status) pair is read on its own along the (product_type, status, created_date, id) index,
 * limited to the page's end, and the pairs are merged: the first page costs a few short index
 * walks however many items wait. Every entry carries its service-level state, placed by the SLA
 * chart (src/machines/queue/sla.machine.ts) from its age and its queue's hours.
 */

const CHARTS: Record<RemittanceQueueProduct, AnyLifecycle> = {
  REMESA_BANCARIA: bankRemittance,
  REMESA_A_DOMICILIO: homeRemittance,
  PICKUP_CASH: pickupCash,
};

const minutesSince = (date: string, now: number) => Math.max(0, Math.floor((now - Date.parse(date)) / 60_000));
type Dated = { created_date: string; id: number };
/** A queue's order: oldest first, the id deciding between two of one moment (the indexes' order). */
export const oldestFirst = (a: Dated, b: Dated) => (a.created_date < b.created_date ? -1 : a.created_date > b.created_date ? 1 : a.id - b.id);
const byAge = (sort: QueueSort | undefined) => (sort === 'newest' ? (a: Dated, b: Dated) => oldestFirst(b, a) : oldestFirst);
const direction = (sort: QueueSort | undefined) => (sort === 'newest' ? 'desc' : 'asc');

/** An entry's age and where it stands against its queue's service level. */
function waited(date: string, queue: SlaQueue, ctx: ReadContext): { ageMinutes: number; sla: SlaState } {
  const ageMinutes = minutesSince(date, ctx.now);
  return { ageMinutes, sla: slaStateOf(ageMinutes, slaMinutes(ctx.config.slaHours, queue)) };
}

/**
 * Whether an entry's item waits for its order's risk review, as its chart says: the chart restored
 * from the snapshot the entry carries (the facts its store gives the mover) and asked with its own
 * guard (`held`, every item chart's `heldForRisk`), never the order's status read again here.
 */
function waitsForRisk(product: RemittanceQueueProduct, chart: ChartSnapshot): boolean {
  return heldForRisk(restoredChart(CHARTS[product].machine, { ...inputOf([chart], CHARTS[product].name), permissions: [] }));
}

/** The (product, status) pairs that wait for this person, as their charts say. */
export function waitingPairs(permissions: readonly string[], product?: RemittanceQueueProduct) {
  return REMITTANCE_QUEUE_PRODUCTS.filter((p) => !product || p === product).flatMap((p) => waitingStatuses(CHARTS[p], permissions).map((status) => ({ product: p, status })));
}

/** The queue's filters (its page's product, province, provider and age). */
export type WaitingFilter = {
  product?: RemittanceQueueProduct | undefined;
  province?: string | undefined;
  provider?: string | undefined;
  minAgeHours?: number | undefined;
};

type Parsed = WaitingFilter & {
  page: number;
  size: number;
  sort?: QueueSort | undefined;
};

function pairQuery(db: Kysely<Database>, pair: { product: string; status: string }, q: WaitingFilter, now: number) {
  // Only the index is read unless a province is asked for (the remittance's own row says where).
  let query = db.selectFrom('order_items as i').where('i.product_type', '=', pair.product).where('i.status', '=', pair.status);
  if (q.province) {
    const province = q.province;
    query = query.where('i.id', 'in', (eb) =>
      pair.product === 'PICKUP_CASH'
        ? eb.selectFrom('pickup_remittances').select('item_id').where('ship_province_code', '=', province)
        : eb.selectFrom('remittances').select('id').where('province_code', '=', province),
    );
  }
  if (q.provider) query = query.where('i.provider', '=', q.provider);
  if (q.minAgeHours !== undefined) query = query.where('i.created_date', '<=', iso(now - q.minAgeHours * 3_600_000));
  return query;
}

/**
 * How many items wait in the Cola de Remesas for these permissions, with these filters: the one count
 * of what waits (issue 39 §6). The queue counts it for the person who reads it, Supervisión for
 * anyone who works the queue (server/supervision/figures.ts), each (product, status) pair along
 * its index.
 */
export async function remittanceWaitingCount(db: Kysely<Database>, permissions: readonly string[], q: WaitingFilter, now: number): Promise<number> {
  const counts = await Promise.all(
    waitingPairs(permissions, q.product).map((pair) => pairQuery(db, pair, q, now).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
  );
  return counts.reduce((sum, c) => sum + Number(c.n), 0);
}

/**
 * Where the page's remittances go and to whom (bank and home: the remittance and its recipient;
 * pickup: the shipment and who receives it at the door), by item: what a courier's card shows.
 */
async function placesOf(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { province: string | null; recipient: string }>();
  const [remittances, pickups] = await Promise.all([
    db.selectFrom('remittances as r').leftJoin('provinces as p', 'p.code', 'r.province_code').select(['r.id', 'p.name', 'r.recipient_full_name as recipient']).where('r.id', 'in', ids).execute(),
    db
      .selectFrom('pickup_remittances as r')
      .leftJoin('provinces as p', 'p.code', 'r.ship_province_code')
      .select(['r.item_id as id', 'p.name', 'r.ship_recipient_name as recipient'])
      .where('r.item_id', 'in', ids)
      .execute(),
  ]);
  return new Map([...remittances, ...pickups].map((r) => [r.id, { province: r.name, recipient: r.recipient }]));
}

/** The remittance queue of this person: the items their charts offer them a forward action on. */
export async function remittanceQueue(ctx: ReadContext, q: Parsed): Promise<RemittanceQueue> {
  const { db, principal, now } = ctx;
  const pairs = waitingPairs([...principal.permissions], q.product);
  const end = (q.page + 1) * q.size;
  const [pages, total] = await Promise.all([
    Promise.all(
      pairs.map((pair) =>
        // Only what the index holds (date and id): a deep page walks its index entries, and reads
        // the rows of its own 20 items alone, not of every item before them (page 20: 420 per pair).
        pairQuery(db, pair, q, now)
          .select(['i.id', 'i.created_date'])
          .orderBy('i.created_date', direction(q.sort))
          .orderBy('i.id', direction(q.sort))
          .limit(end)
          .execute(),
      ),
    ),
    remittanceWaitingCount(db, [...principal.permissions], q, now),
  ]);
  const ids = pages.flat().sort(byAge(q.sort)).slice(q.page * q.size, end).map((r) => r.id);
  const read =
    ids.length === 0
      ? []
      : await db
          .selectFrom('order_items as i')
          .select(['i.id', 'i.order_id', 'i.product_type', 'i.status', 'i.created_date', 'i.amount', 'i.currency', 'i.provider'])
          .where('i.id', 'in', ids)
          .execute();
  const byId = new Map(read.map((r) => [r.id, r]));
  // In the page's order; an item gone between the two reads (deleted) is left out.
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const [claims, places, orders, approvals, charts] = await Promise.all([
    liveClaims(db, 'item', ids, now),
    placesOf(db, ids),
    rows.length === 0 ? [] : db.selectFrom('orders').select(['id', 'status']).where('id', 'in', [...new Set(rows.map((r) => r.order_id))]).execute(),
    waitingApprovals(db, ids, now),
    entryCharts(ctx, 'item', rows.map((r) => ({ id: r.id, product: r.product_type }))),
  ]);
  const orderStatus = new Map(orders.map((o) => [o.id, o.status]));
  const elements: RemittanceQueueEntry[] = rows.map((r) => {
    const status = orderStatus.get(r.order_id) ?? '';
    const chart = charts.get(r.id)!;
    return {
      itemId: r.id,
      orderId: r.order_id,
      productType: r.product_type as RemittanceQueueProduct,
      status: r.status,
      createdDate: r.created_date,
      ...waited(r.created_date, 'remittance', ctx),
      amount: r.amount,
      currency: r.currency,
      province: places.get(r.id)?.province ?? null,
      recipient: places.get(r.id)?.recipient ?? null,
      provider: r.provider,
      orderStatus: status,
      blocked: waitsForRisk(r.product_type as RemittanceQueueProduct, chart) || approvals.has(r.id),
      approval: approvals.get(r.id) ?? null,
      claim: claims.get(r.id) ?? null,
      chart,
    };
  });
  return { elements, totalElements: total, statuses: [...new Set(pairs.map((p) => p.status))] };
}

/** The items of a page whose approval waits for a second person (four-eyes): not work for the queue until decided. */
const REMITTANCE_CHARTS = [bankRemittance.name, homeRemittance.name, pickupCash.name];
async function waitingApprovals(db: Kysely<Database>, ids: readonly number[], now: number): Promise<Map<number, { id: number; requesterName: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('approval_requests')
    .select(['id', 'entity_id', 'requester_name'])
    .where('status', '=', 'requested')
    .where('expires_at', '>', iso(now))
    .where('chart', 'in', REMITTANCE_CHARTS)
    .where('entity_id', 'in', ids.map(String))
    .execute();
  // A bulk decision's request lists its items (issue 28): those of this page wait in it too.
  const batches = await db
    .selectFrom('approval_requests')
    .select(['id', 'entity_id', 'requester_name'])
    .where('status', '=', 'requested')
    .where('expires_at', '>', iso(now))
    .where('chart', '=', queueBatch.name)
    .where('doc_code', '=', 'ORDER')
    .execute();
  const shown = new Set(ids);
  const listed = batches.flatMap((r) => r.entity_id.split(',').map(Number).filter((id) => shown.has(id)).map((id) => ({ ...r, entity_id: String(id) })));
  return new Map([...rows, ...listed].map((r) => [Number(r.entity_id), { id: r.id, requesterName: r.requester_name }]));
}

/** How many orders wait for the risk review: the bell, its list, the dashboard, the risk queue and Supervisión all read this. */
export async function riskQueueCount(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', RISK_QUEUE_STATUSES).executeTakeFirstOrThrow();
  return Number(row.n);
}

const TOP_RULES = 3;

/** The risk queue: orders in RISK and DUPLICATE_RISK, oldest first (or newest), with what the analyst weighs first. */
export async function riskQueue(ctx: ReadContext, q: { page: number; size: number; sort?: QueueSort | undefined }): Promise<RiskQueue> {
  const { db, now } = ctx;
  const end = (q.page + 1) * q.size;
  const [pages, total] = await Promise.all([
    Promise.all(
      RISK_QUEUE_STATUSES.map((status) =>
        db
          .selectFrom('orders as o')
          .leftJoin('accounts as a', 'a.id', 'o.account_id')
          .select(['o.id', 'o.account_id', 'o.status', 'o.created_date', 'o.score', 'o.total_price', 'o.currency', 'a.reliability', 'a.country_code'])
          .where('o.status', '=', status)
          .orderBy('o.created_date', direction(q.sort))
          .orderBy('o.id', direction(q.sort))
          .limit(end)
          .execute(),
      ),
    ),
    riskQueueCount(db),
  ]);
  const rows = pages.flat().sort(byAge(q.sort)).slice(q.page * q.size, end);
  const ids = rows.map((r) => r.id);
  const [claims, rules, charts] = await Promise.all([
    liveClaims(db, 'order', ids, now),
    ids.length === 0 ? [] : db.selectFrom('risk_rule_results').select(['order_id', 'factor', 'score']).where('order_id', 'in', ids).orderBy('score', 'desc').orderBy('id').execute(),
    entryCharts(ctx, 'order', rows.map((r) => ({ id: r.id }))),
  ]);
  const elements: RiskQueueEntry[] = rows.map((r) => ({
    orderId: r.id,
    accountId: r.account_id,
    status: r.status,
    createdDate: r.created_date,
    ...waited(r.created_date, 'risk', ctx),
    score: r.score,
    totalPrice: r.total_price,
    currency: r.currency,
    reliability: r.reliability,
    country: r.country_code,
    topRules: rules.filter((rule) => rule.order_id === r.id).slice(0, TOP_RULES).map((rule) => ({ factor: rule.factor, score: rule.score })),
    claim: claims.get(r.id) ?? null,
    chart: charts.get(r.id)!,
  }));
  return { elements, totalElements: total, statuses: [...RISK_QUEUE_STATUSES] };
}
