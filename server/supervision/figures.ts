import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { iso } from '../clock';
import { oldestFirst, remittanceWaitingCount, riskQueueCount, waitingPairs } from '../queue/queues';
import { Permission } from '@/domain/permissions';
import { RISK_QUEUE_STATUSES } from '@/domain/order-status';
import { REMITTANCE_QUEUE_PRODUCTS, type RemittanceQueueProduct } from '@/domain/queues';
import { slaMinutes, type SlaHours, type SlaQueue } from '@/domain/sla';
import { slaStateOf } from '@/machines/queue/sla.machine';
import type { OverEntry, ProvinceFigures, QueueFigures } from '@/api/contract/supervision';
import type { ActionLabel } from './activity';

/**
 * The queues' health for a lead (issue 28 §1): depth, oldest age, the 50th/90th age percentiles,
 * how many are past the service level and the oldest of those. Every figure is an index walk: the
 * remittance items along (product_type, status, created_date, id), the held orders along
 * (status, created_date), the waiting requests along (status, id). A percentile is one row read at
 * its rank (OFFSET on the ordered index), never the ages brought back and sorted here.
 */

/** At most this many entries past their level are listed per queue (the oldest). */
export const OVER_LIST_MAX = 20;

/** The lead sees every item that waits for anyone who works the queue. */
const QUEUE_WORKERS = [Permission.EDITOR, Permission.OPERATIONS_SPECIALIST, Permission.PICKUP_DELIVERY];

const minutesSince = (date: string, now: number) => Math.max(0, Math.floor((now - Date.parse(date)) / 60_000));

/**
 * The rank (0-based, oldest first) of the entry whose age is the p-th percentile, nearest rank: the
 * ages sorted from youngest, the ⌈p·n⌉-th; the entries sorted from oldest, that one is n − ⌈p·n⌉.
 */
export const percentileOffset = (n: number, p: number) => n - Math.max(1, Math.ceil((p / 100) * n));

/** One queue's rows as a created_date-ordered query: what waits, and its ordered created dates. */
interface Waiting {
  count: () => Promise<number>;
  /** Oldest first, the created dates (with ids for the list), from `offset`. */
  dates: (limit: number, offset: number) => Promise<{ id: number; created_date: string }[]>;
  /** How many have waited at least since `before`. */
  olderThan: (before: string) => Promise<number>;
  /** The oldest `limit`, oldest first: each status read along its own index order, then merged (no sort of the queue). */
  oldest: (limit: number) => Promise<{ id: number; created_date: string }[]>;
}


/** The oldest `limit` over several statuses, each read oldest first on its own. */
const mergedOldest = async (statuses: readonly string[], read: (status: string) => Promise<{ id: number; created_date: string }[]>, limit: number) =>
  (await Promise.all(statuses.map(read))).flat().sort(oldestFirst).slice(0, limit);

/** A product of the Cola de Remesas as anyone who works it waits for it: its depth is the queue's own count (remittanceWaitingCount). */
function itemsWaiting(db: Kysely<Database>, product: RemittanceQueueProduct, now: number): Waiting & { statuses: string[] } {
  const statuses = waitingPairs(QUEUE_WORKERS, product).map((p) => p.status);
  const base = () => db.selectFrom('order_items').where('product_type', '=', product).where('status', 'in', statuses.length ? statuses : ['']);
  return {
    statuses,
    count: () => remittanceWaitingCount(db, QUEUE_WORKERS, { product }, now),
    dates: (limit, offset) => base().select(['id', 'created_date']).orderBy('created_date').orderBy('id').limit(limit).offset(offset).execute(),
    olderThan: async (before) => Number((await base().where('created_date', '<=', before).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    oldest: (limit) =>
      mergedOldest(statuses, (status) => db.selectFrom('order_items').select(['id', 'created_date']).where('product_type', '=', product).where('status', '=', status).orderBy('created_date').orderBy('id').limit(limit).execute(), limit),
  };
}

/** The Cola de Riesgo: its depth is the count the queue and the bell show (riskQueueCount). */
function ordersWaiting(db: Kysely<Database>): Waiting {
  const base = () => db.selectFrom('orders').where('status', 'in', [...RISK_QUEUE_STATUSES]);
  return {
    count: () => riskQueueCount(db),
    dates: (limit, offset) => base().select(['id', 'created_date']).orderBy('created_date').orderBy('id').limit(limit).offset(offset).execute(),
    olderThan: async (before) => Number((await base().where('created_date', '<=', before).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    oldest: (limit) => mergedOldest(RISK_QUEUE_STATUSES, (status) => db.selectFrom('orders').select(['id', 'created_date']).where('status', '=', status).orderBy('created_date').orderBy('id').limit(limit).execute(), limit),
  };
}

/** Four-eyes requests waiting for a second person (not yet expired); their age is from the request. */
function requestsWaiting(db: Kysely<Database>, now: number): Waiting {
  const base = () => db.selectFrom('approval_requests').where('status', '=', 'requested').where('expires_at', '>', iso(now));
  return {
    count: async () => Number((await base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    dates: (limit, offset) => base().select(['id', 'requested_at as created_date']).orderBy('requested_at').orderBy('id').limit(limit).offset(offset).execute(),
    olderThan: async (before) => Number((await base().where('requested_at', '<=', before).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    oldest: (limit) => base().select(['id', 'requested_at as created_date']).orderBy('requested_at').orderBy('id').limit(limit).execute(),
  };
}

/**
 * A percentile is one row read at its rank, but across a queue's several statuses SQLite sorts the
 * whole queue for it (a few ms per thousands waiting): the two ranks' creation instants are kept
 * for PERCENTILE_TTL_MS and read again sooner when the queue's depth, late count or oldest entry
 * changed. The ages are always from now (a kept instant ages with the clock), so what a kept pair
 * can miss is only the shift of the ranks by entries that came and went within the same depth.
 */
export const PERCENTILE_TTL_MS = 30_000;
type Kept = { at: number; depth: number; overCount: number; oldest: string; dates: [string | null, string | null] };
/** Per database (each test server has its own), by queue. */
const keptPercentiles = new WeakMap<Kysely<Database>, Map<string, Kept>>();

async function percentileDates(db: Kysely<Database>, waiting: Waiting, key: string, shape: Omit<Kept, 'at' | 'dates'>, now: number): Promise<[string | null, string | null]> {
  let store = keptPercentiles.get(db);
  if (!store) keptPercentiles.set(db, (store = new Map()));
  const kept = store.get(key);
  if (kept && now - kept.at >= 0 && now - kept.at < PERCENTILE_TTL_MS && kept.depth === shape.depth && kept.overCount === shape.overCount && kept.oldest === shape.oldest) return kept.dates;
  const at = async (p: number) => (shape.depth === 0 ? null : ((await waiting.dates(1, percentileOffset(shape.depth, p)))[0]?.created_date ?? null));
  const dates: [string | null, string | null] = [await at(50), await at(90)];
  store.set(key, { ...shape, at: now, dates });
  return dates;
}

/**
 * The latest creation instant of an entry past a level of `limit` minutes: the SLA chart counts whole
 * minutes waited (floored) and is over when they exceed the level, i.e. from limit + 1 minutes on.
 */
export const overSince = (limit: number, now: number) => iso(now - (limit + 1) * 60_000);

/** One queue's figures and its oldest entries past the level (the SLA chart says which are). */
async function figuresOf(db: Kysely<Database>, queue: SlaQueue, product: RemittanceQueueProduct | null, waiting: Waiting, hours: SlaHours, now: number) {
  const limit = slaMinutes(hours, queue);
  const [depth, overCount, oldest] = await Promise.all([waiting.count(), waiting.olderThan(overSince(limit, now)), waiting.oldest(OVER_LIST_MAX)]);
  const [p50, p90] = await percentileDates(db, waiting, `${queue}:${product ?? ''}`, { depth, overCount, oldest: oldest[0]?.created_date ?? '' }, now);
  const figures: QueueFigures = {
    queue,
    product,
    depth,
    oldestMinutes: oldest[0] ? minutesSince(oldest[0].created_date, now) : null,
    p50Minutes: p50 ? minutesSince(p50, now) : null,
    p90Minutes: p90 ? minutesSince(p90, now) : null,
    slaHours: hours[queue],
    overCount,
  };
  return { figures, over: oldest.filter((r) => slaStateOf(minutesSince(r.created_date, now), limit) === 'over') };
}

/**
 * The breakdown by province joins every waiting remittance to where it goes (a few ms per queue):
 * kept like the percentiles, read again once the products' depth, late count or oldest changed.
 */
const keptProvinces = new WeakMap<Kysely<Database>, { at: number; shape: string; rows: ProvinceFigures[] }>();
async function provincesKept(db: Kysely<Database>, shape: string, now: number, read: () => Promise<ProvinceFigures[]>) {
  const kept = keptProvinces.get(db);
  if (kept && kept.shape === shape && now - kept.at >= 0 && now - kept.at < PERCENTILE_TTL_MS) return kept.rows;
  const rows = await read();
  keptProvinces.set(db, { at: now, shape, rows });
  return rows;
}

/** The Cola de Remesas by province (bank and home: the remittance's; pickup: the shipment's), all products. */
async function byProvince(db: Kysely<Database>, statuses: Record<RemittanceQueueProduct, string[]>, hours: SlaHours, now: number): Promise<ProvinceFigures[]> {
  const before = overSince(slaMinutes(hours, 'remittance'), now);
  const over = sql<number>`sum(case when i.created_date <= ${before} then 1 else 0 end)`;
  const waitingIn = (product: RemittanceQueueProduct) => statuses[product].length ? statuses[product] : [''];
  const [remittances, pickups] = await Promise.all([
    db
      .selectFrom('order_items as i')
      .innerJoin('remittances as r', 'r.id', 'i.id')
      .where((eb) => eb.or((['REMESA_BANCARIA', 'REMESA_A_DOMICILIO'] as const).map((p) => eb.and([eb('i.product_type', '=', p), eb('i.status', 'in', waitingIn(p))]))))
      .select(['r.province_code as code', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('i.created_date').as('oldest'), over.as('over')])
      .groupBy('r.province_code')
      .execute(),
    db
      .selectFrom('order_items as i')
      .innerJoin('pickup_remittances as r', 'r.item_id', 'i.id')
      .where('i.product_type', '=', 'PICKUP_CASH')
      .where('i.status', 'in', waitingIn('PICKUP_CASH'))
      .select(['r.ship_province_code as code', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('i.created_date').as('oldest'), over.as('over')])
      .groupBy('r.ship_province_code')
      .execute(),
  ]);
  const names = new Map((await db.selectFrom('provinces').select(['code', 'name']).execute()).map((p) => [p.code, p.name]));
  const merged = new Map<string, { depth: number; oldest: string; over: number }>();
  for (const row of [...remittances, ...pickups]) {
    if (!row.code) continue;
    const seen = merged.get(row.code);
    const oldest = String(row.oldest);
    merged.set(row.code, { depth: (seen?.depth ?? 0) + Number(row.n), oldest: seen && seen.oldest < oldest ? seen.oldest : oldest, over: (seen?.over ?? 0) + Number(row.over) });
  }
  return [...merged.entries()]
    .map(([code, m]) => ({ code, name: names.get(code) ?? code, depth: m.depth, oldestMinutes: minutesSince(m.oldest, now), overCount: m.over }))
    .sort((a, b) => b.depth - a.depth || a.name.localeCompare(b.name));
}

/** What each listed entry is: its order, and its product and status, its status or its request's action (codes the page names). */
async function describe(db: Kysely<Database>, queue: SlaQueue, rows: { id: number; created_date: string }[], now: number, labelOf: ActionLabel): Promise<OverEntry[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  type Fact = { id: number; orderId: number | null; what: OverEntry['what'] };
  const facts: Fact[] =
    queue === 'remittance'
      ? (await db.selectFrom('order_items').select(['id', 'order_id', 'product_type', 'status']).where('id', 'in', ids).execute()).map((r) => ({
          id: r.id,
          orderId: r.order_id,
          what: { productType: r.product_type as RemittanceQueueProduct, status: r.status },
        }))
      : queue === 'risk'
        ? (await db.selectFrom('orders').select(['id', 'status']).where('id', 'in', ids).execute()).map((r) => ({ id: r.id, orderId: r.id, what: { orderStatus: r.status } }))
        : (await db.selectFrom('approval_requests').select(['id', 'doc_code', 'doc_id', 'chart', 'event']).where('id', 'in', ids).execute()).map((r) => ({
            id: r.id,
            orderId: r.doc_code === 'ORDER' ? Number(r.doc_id) : null,
            what: { action: labelOf(r.chart, r.event) },
          }));
  const byId = new Map(facts.map((f) => [f.id, f]));
  return rows.map((r) => {
    const f = byId.get(r.id);
    return { queue, kind: queue === 'remittance' ? 'item' : queue === 'risk' ? 'order' : 'approval', id: r.id, orderId: f?.orderId ?? null, what: f?.what ?? { action: '' }, createdDate: r.created_date, ageMinutes: minutesSince(r.created_date, now) };
  });
}

/** Every queue's figures (the Cola de Remesas per product), by province, and the oldest entries past their levels. */
export async function queueFigures(db: Kysely<Database>, hours: SlaHours, now: number, labelOf: ActionLabel) {
  const items = REMITTANCE_QUEUE_PRODUCTS.map((product) => ({ product, waiting: itemsWaiting(db, product, now) }));
  const statuses = Object.fromEntries(items.map((i) => [i.product, i.waiting.statuses])) as Record<RemittanceQueueProduct, string[]>;
  const [remittance, risk, approval] = await Promise.all([
    Promise.all(items.map((i) => figuresOf(db, 'remittance', i.product, i.waiting, hours, now))),
    figuresOf(db, 'risk', null, ordersWaiting(db), hours, now),
    figuresOf(db, 'approval', null, requestsWaiting(db, now), hours, now),
  ]);
  const provinces = await provincesKept(db, remittance.map((r) => `${r.figures.depth}/${r.figures.overCount}/${r.figures.oldestMinutes}`).join(','), now, () => byProvince(db, statuses, hours, now));
  // The remittance products' oldest past the level, merged: the queue's own oldest first.
  const remittanceOver = remittance
    .flatMap((r) => r.over)
    .sort(oldestFirst)
    .slice(0, OVER_LIST_MAX);
  const over = (await Promise.all([describe(db, 'remittance', remittanceOver, now, labelOf), describe(db, 'risk', risk.over, now, labelOf), describe(db, 'approval', approval.over, now, labelOf)])).flat();
  return { queues: [...remittance.map((r) => r.figures), risk.figures, approval.figures], provinces, over };
}
