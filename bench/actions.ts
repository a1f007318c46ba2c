/**
 * Order actions at scale: p50/p95 server time of each action, in process (`app.request`), on the
 * SQLite database of `bench:lists` (1,000,000 orders; the newest 50,000 with full detail). Every
 * timed request acts on its own order, so each one does the whole work: permission, validation,
 * the chart, the version claim, the change, the action log and the audit row in one transaction.
 * The database is a scratch copy for benchmarks: the actions change it.
 *
 *   npm run bench:actions
 */
import { actionTable, openBench, timeActions, type ActionCase } from './support';
import { writeBlock } from './doc-block';

const runs = Number(process.env.BENCH_RUNS ?? 60);
const warmup = 5;
const { db, k, app, headers } = await openBench();

/** Orders with detail (offers) in a status, newest first, that no earlier case has used. */
const used = new Set<number>();
async function ordersIn(statuses: string[], n: number, where: (q: ReturnType<typeof base>) => ReturnType<typeof base> = (q) => q) {
  const rows = await where(base().where('o.status', 'in', statuses)).limit(n * 3 + used.size).execute();
  const fresh = [...new Map(rows.filter((r) => !used.has(r.id)).map((r) => [r.id, r])).values()].slice(0, n);
  if (fresh.length < n) throw new Error(`only ${fresh.length} orders in ${statuses.join('/')} with detail; the bench needs ${n}`);
  for (const r of fresh) used.add(r.id);
  return fresh;
}
function base() {
  return k
    .selectFrom('orders as o')
    .innerJoin('fulfillment_orders as f', 'f.order_id', 'o.id')
    .innerJoin('order_items as i', 'i.fulfillment_order_id', 'f.id')
    .select(['o.id', 'o.account_id', 'f.id as offerId', 'f.price'])
    .where('f.refunded', '=', 0)
    .where('f.status', '=', 'OPEN')
    .orderBy('o.id', 'desc');
}

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json', ...extra },
  body: JSON.stringify(body),
});

type Order = Awaited<ReturnType<typeof ordersIn>>[number];
const n = runs + warmup;
// Items whose refund buttons show (refundOffered): top-ups and balance not yet delivered.
const refundable = (q: ReturnType<typeof base>) => q.where('i.product_type', 'in', ['TOPUP', 'TOPUP_NAUTA', 'SALDO']).where('i.status', 'in', ['OPEN', 'PENDING', 'PRE_ORDER']);
const cases: ActionCase<Order>[] = [
  {
    action: 'approve risk (with Idempotency-Key)',
    request: 'POST /orders/secured/risk/approve',
    path: () => '/orders/secured/risk/approve',
    targets: await ordersIn(['RISK', 'DUPLICATE_RISK'], n),
    init: (o) => json({ orderId: o.id }, { 'Idempotency-Key': `bench-approve-${o.id}-${Date.now()}` }),
  },
  {
    action: 'cancel risk',
    request: 'POST /orders/secured/checkout/cancel/payment',
    path: () => '/orders/secured/checkout/cancel/payment',
    targets: await ordersIn(['RISK', 'DUPLICATE_RISK'], n),
    init: (o) => json({ orderId: o.id }),
  },
  {
    action: 'close',
    request: 'POST /orders/secured/close/order',
    path: () => '/orders/secured/close/order',
    targets: await ordersIn(['OPEN'], n),
    init: (o) => json({ ids: [o.id] }),
  },
  {
    action: 'partial refund of an offer',
    request: 'POST /orders/secured/refund/payment',
    path: () => '/orders/secured/refund/payment',
    targets: await ordersIn(['OPEN', 'CLOSED'], n, refundable),
    init: (o) => json({ orderId: o.id, foIds: [o.offerId], amount: 0.1 }),
  },
  {
    action: 'offer to credit',
    request: 'POST /orders/secured/refund/payment (toCredit)',
    path: () => '/orders/secured/refund/payment',
    targets: await ordersIn(['OPEN', 'CLOSED'], n, refundable),
    init: (o) => json({ orderId: o.id, foIds: [o.offerId], toCredit: true }),
  },
  {
    action: 'note on the order',
    request: 'POST /uaa/secured/doc-note/create',
    path: () => '/uaa/secured/doc-note/create',
    targets: await ordersIn(['OPEN', 'CLOSED', 'RISK'], n),
    init: (o) => json({ docCode: 'ORDER', docId: String(o.id), description: 'Nota de benchmark' }),
  },
];

const { rows, worst } = await timeActions(app, cases, warmup);

const orders = Number((await k.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const table = actionTable(
  `Database: SQLite (WAL), ${orders.toLocaleString('en')} orders. ${runs} timed requests per row after ${warmup} warm-up ones, each on a different order, in process (\`app.request\`), one at a time, on ${process.platform} with Node ${process.version}. Times in ms, from the request to the whole answer (the order as it is after the action).`,
  rows,
  worst,
);
writeBlock('actions', 'npm run bench:actions', table);
await db.close();
