/**
 * Item actions at scale: p50/p95 server time of the actions operations specialists take all day,
 * in process (`app.request`), on the SQLite database of `bench:lists` (1,000,000 orders; the items
 * of the newest 50,000 carry their remittance, pickup, prepaid-card and top-up detail). Each timed
 * request acts on an item of its own, put in the action's starting status first, so every one does
 * the whole work: permission, validation, the item's chart, the change, the item transition, the
 * action log and the audit row in one transaction. The database is a scratch copy: this changes it.
 *
 *   npm run bench:item-actions
 */
import { sql } from 'kysely';
import { actionTable, openBench, timeActions, type ActionCase } from './support';
import { writeBlock } from './doc-block';

const runs = Number(process.env.BENCH_RUNS ?? 60);
const warmup = 5;
const n = runs + warmup;
const { k, app, headers } = await openBench();
const admin = await k.selectFrom('accounts').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
const courier = await k.selectFrom('couriers').select('id').orderBy('id').executeTakeFirstOrThrow();

/** The newest n items of a product that have an offer (and, where given, a row in `detail`). */
async function items(product: string, detail?: 'remittances' | 'pickup_remittances' | 'prepaid_cards') {
  let q = k.selectFrom('order_items as i').select(['i.id', 'i.order_id', 'i.fulfillment_order_id']).where('i.product_type', '=', product).where('i.fulfillment_order_id', 'is not', null);
  if (detail === 'remittances') q = q.where(({ exists, selectFrom }) => exists(selectFrom('remittances as r').select('r.id').whereRef('r.id', '=', 'i.id')));
  if (detail === 'pickup_remittances') q = q.where(({ exists, selectFrom }) => exists(selectFrom('pickup_remittances as p').select('p.id').whereRef('p.item_id', '=', 'i.id')));
  if (detail === 'prepaid_cards') q = q.where(({ exists, selectFrom }) => exists(selectFrom('prepaid_cards as c').select('c.item_id').whereRef('c.item_id', '=', 'i.id')));
  const rows = await q.orderBy('i.id', 'desc').limit(n).execute();
  if (rows.length < n) throw new Error(`only ${rows.length} ${product} items with detail; the bench needs ${n}. Reseed: rm data/bench-large.db && npm run bench:lists`);
  return rows.map((r) => ({ id: r.id, orderId: r.order_id, offerId: r.fulfillment_order_id! }));
}
type Item = Awaited<ReturnType<typeof items>>[number];
const ids = (list: Item[]) => list.map((i) => i.id);

const post = (body: unknown) => ({ method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const bare = () => ({ method: 'POST', headers });

const bank = await items('REMESA_BANCARIA', 'remittances');
await sql`UPDATE order_items SET status = 'MANUAL', destination = '9227000011112222' WHERE id IN (${sql.join(ids(bank))})`.execute(k);
await sql`UPDATE remittances SET bank_refusal = NULL WHERE id IN (${sql.join(ids(bank))})`.execute(k);

const home = await items('REMESA_A_DOMICILIO', 'remittances');
const stamp = new Date().toISOString();
await sql`UPDATE order_items SET status = 'IN_TRANSIT', tracking_number = 'TRK-BENCH' WHERE id IN (${sql.join(ids(home))})`.execute(k);
await sql`DELETE FROM home_deliveries WHERE item_id IN (${sql.join(ids(home))})`.execute(k);
for (const item of home) {
  await k.insertInto('home_deliveries').values({ item_id: item.id, status: 'IN_TRANSIT', assigned_courier_id: courier.id, assigned_team: 'Equipo Centro', updated_at: stamp }).execute();
}

const pickups = await items('PICKUP_CASH', 'pickup_remittances');
await sql`UPDATE order_items SET status = 'OPEN' WHERE id IN (${sql.join(ids(pickups))})`.execute(k);
const pickupIds = new Map((await k.selectFrom('pickup_remittances').select(['id', 'item_id']).where('item_id', 'in', ids(pickups)).execute()).map((p) => [p.item_id, p.id]));

const prepaid = await items('PREPAID_CARD', 'prepaid_cards');
await sql`UPDATE order_items SET status = 'MANUAL' WHERE id IN (${sql.join(ids(prepaid))})`.execute(k);

// Top-ups: three disjoint sets of the newest ones.
const topups = await (async () => {
  const rows = await k.selectFrom('order_items').select(['id', 'fulfillment_order_id']).where('product_type', '=', 'TOPUP').where('fulfillment_order_id', 'is not', null).orderBy('id', 'desc').limit(3 * n).execute();
  if (rows.length < 3 * n) throw new Error('not enough top-ups');
  const all = rows.map((r) => ({ id: r.id, orderId: 0, offerId: r.fulfillment_order_id! }));
  return { reset: all.slice(0, n), status: all.slice(n, 2 * n), claim: all.slice(2 * n) };
})();
await sql`UPDATE order_items SET status = 'IMPOSSIBLE', tries = 3 WHERE id IN (${sql.join(ids(topups.reset))})`.execute(k);
await sql`UPDATE order_items SET status = 'OPEN' WHERE id IN (${sql.join(ids(topups.status))})`.execute(k);
await sql`UPDATE order_items SET status = 'FULFILLED' WHERE id IN (${sql.join(ids(topups.claim))})`.execute(k);
await sql`DELETE FROM topup_claims WHERE foi_id IN (${sql.join(ids(topups.claim))})`.execute(k);

const cases: ActionCase<Item>[] = [
  {
    action: 'approve a bank remittance (the bank answers)',
    request: 'POST /orders/secured/remesa-to-bank/update-status',
    targets: bank,
    path: () => '/orders/secured/remesa-to-bank/update-status',
    init: (i) => post({ fulfillmentOrderItemStatus: 'TO_ACTIVATE', fulfillmentOrderItemIds: [i.id] }),
  },
  {
    action: 'report a home delivery',
    request: 'POST /remittances/api/crm2/homeremittance/secured/deliver',
    targets: home,
    path: () => '/remittances/api/crm2/homeremittance/secured/deliver',
    init: (i) => post({ byAccountId: admin.id, remittanceId: i.id, courierId: courier.id, deliveryDate: stamp, receiver: 'Receptor de prueba' }),
  },
  {
    action: 'approve a pickup',
    request: 'POST /remittances/api/crm2/pickup/approve',
    targets: pickups,
    path: () => '/remittances/api/crm2/pickup/approve',
    init: (i) => post({ byAccountId: admin.id, remittanceId: pickupIds.get(i.id) }),
  },
  {
    action: 'approve a prepaid card',
    request: 'POST /orders/secured/prepaidCard/approve',
    targets: prepaid,
    path: (i) => `/orders/secured/prepaidCard/approve?foid=${i.offerId}`,
    init: bare,
  },
  {
    action: 'reset the tries of a top-up',
    request: 'POST /orders/secured/fulfillment/resetTries',
    targets: topups.reset,
    path: (i) => `/orders/secured/fulfillment/resetTries?fulfillmentOrderId=${i.offerId}`,
    init: bare,
  },
  {
    action: 'change the status of a top-up',
    request: 'POST /orders/secured/fo/topup/changeStatus',
    targets: topups.status,
    path: (i) => `/orders/secured/fo/topup/changeStatus?foiid=${i.id}&status=PENDING`,
    init: bare,
  },
  {
    action: 'first claim of a top-up',
    request: 'POST /orders/secured/fo/topup/reclaim',
    targets: topups.claim,
    path: () => '/orders/secured/fo/topup/reclaim',
    init: (i) => post({ foiId: i.id, claim: 'FIRST', note: 'El cliente no recibió la recarga.' }),
  },
];

const { rows, worst } = await timeActions(app, cases, warmup);

const counts = await k.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
const table = actionTable(
  `Database: SQLite (WAL), ${Number(counts.n).toLocaleString('en')} orders. ${runs} timed requests per row after ${warmup} warm-up ones, each on a different item put in the action's starting status, in process (\`app.request\`), one at a time, on ${process.platform} with Node ${process.version}. Times in ms, from the request to the whole answer.`,
  rows,
  worst,
);
writeBlock('item-actions', 'npm run bench:item-actions', table);
process.exit(0);
