/**
 * List endpoints at scale: p50/p95 server time per endpoint and single filter, measured in
 * process with `app.request` (no network), on a SQLite database seeded with SCALE=large
 * (1,000,000 orders). Writes the table into docs/performance.md.
 *
 *   npm run bench:lists                 # data/bench-large.db, seeded on first run (about 4 minutes)
 *   BENCH_DB=/tmp/x.db npm run bench:lists
 */
import { SCALES } from '../server/db/seed/index';
import { openBench, timeReads, type ReadCase } from './support';
import { writeBlock } from './doc-block';

const runs = Number(process.env.BENCH_RUNS ?? 60);
const { db, app, headers } = await openBench();

const k = db.kysely;
const counts = {
  orders: Number((await k.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  customers: Number((await k.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  calls: Number((await k.selectFrom('calls').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
};

// Real values to filter by, taken from recent rows.
const order = await k.selectFrom('orders').selectAll().orderBy('id', 'desc').offset(500).limit(1).executeTakeFirstOrThrow();
const item = await k.selectFrom('order_items').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
const topup = await k.selectFrom('order_items').selectAll().where('product_type', '=', 'TOPUP').orderBy('id', 'desc').offset(900).limit(1).executeTakeFirstOrThrow();
const payment = await k.selectFrom('payment_orders').selectAll().where('first_six', 'is not', null).orderBy('id', 'desc').offset(300).limit(1).executeTakeFirstOrThrow();
const call = await k.selectFrom('calls').selectAll().orderBy('id', 'desc').offset(700).limit(1).executeTakeFirstOrThrow();
const customer = await k.selectFrom('accounts').selectAll().where('is_staff', '=', 0).orderBy('id', 'desc').offset(1234).limit(1).executeTakeFirstOrThrow();
const charge = await k.selectFrom('charge_orders').selectAll().orderBy('id', 'desc').offset(800).limit(1).executeTakeFirstOrThrow();

const cases: ReadCase[] = [
  ...[
    ['(default window)', ''],
    ['orderId', `orderId=${order.id}`],
    ['accountId', `accountId=${order.account_id}`],
    ['status', 'status=CLOSED'],
    ['status ALL_RISK', 'status=ALL_RISK'],
    ['productType', 'productType=TOPUP_CUP'],
    ['productType (rare)', 'productType=CASHOUT'],
    ['productStatus', 'productStatus=IMPOSSIBLE'],
    ['viaClientId', 'viaClientId=web'],
    ['pasarela', `pasarela=${order.pasarela}`],
    ['ipOrigin', `ipOrigin=${order.ip_origin}`],
    ['productDestination', `productDestination=${encodeURIComponent(topup.destination ?? '')}`],
    ['dates (one week)', 'startDate=2026-11-01&endDate=2026-11-07'],
    ['foiId', `foiId=${item.id}`],
    ['email', `email=${encodeURIComponent(order.email ?? '')}`],
    ['deviceId', `deviceId=${order.device_id}`],
    ['card (6+4)', `card=${payment.first_six}${payment.last_four}`],
    ['page 300', 'page=300'],
  ].map(([filter, q]) => ({ endpoint: 'orders/allHistory', filter: filter!, url: `/orders/secured/orders/allHistory?size=15&${q}` })),
  ...[
    ['(default window)', ''],
    ['accountId', `accountId=${item.account_id}`],
    ['foiId', `foiId=${item.id}`],
    ['destination', `destination=${encodeURIComponent(topup.destination ?? '')}`],
    ['productStatus', 'productStatus=MANUAL'],
    ['productType', 'productType=REMESA_BANCARIA'],
  ].map(([filter, q]) => ({ endpoint: 'items/allHistory', filter: filter!, url: `/rorders/secured/items/allHistory?size=20&${q}` })),
  ...[
    ['(default window)', ''],
    ['accountId', `accountId=${call.account_id}`],
    ['e164', `e164=${call.called_station}`],
    ['src', `src=${call.src}`],
    ['terminateCauseId', 'terminateCauseId=4'],
  ].map(([filter, q]) => ({ endpoint: 'call/list', filter: filter!, url: `/users/secured/call/list?size=20&${q}` })),
  ...[
    ['(default window)', ''],
    ['accountId', `accountId=${charge.account_id}`],
    ['originOrderId', `originOrderId=${charge.origin_order_id}`],
    ['appName', 'appName=ENVIOS'],
    ['status', 'status=PAID'],
    ['pasarela', 'pasarela=12'],
    ['card (6+4)', `card=${charge.first_six ?? '411111'}${charge.last_four ?? '1111'}`],
  ].map(([filter, q]) => ({ endpoint: 'chargeOrder/allHistory', filter: filter!, url: `/upg/api/crm/cubacel/chargeOrder/allHistory?size=20&${q}` })),
  ...[
    ['(none)', ''],
    ['id', `id=${customer.id}`],
    ['login (email prefix)', `login=${encodeURIComponent((customer.email ?? '').slice(0, 8))}`],
    ['names', `names=${encodeURIComponent(customer.first_name ?? '')}`],
    ['lastNames', `lastNames=${encodeURIComponent((customer.last_name ?? '').split(' ')[0] ?? '')}`],
    ['group', 'group=RETAIL'],
    ['countryCode', 'countryCode=MX'],
    ['enabled', 'enabled=0'],
    ['registered dates', 'startDate=2026-10-01&endDate=2026-10-31'],
  ].map(([filter, q]) => ({ endpoint: 'getAllAccount', filter: filter!, url: `/uaa/secured/getAllAccount?size=15&${q}` })),
  { endpoint: 'getSearchAccountList', filter: 'e-mail', url: `/uaa/secured/getSearchAccountList?search=${encodeURIComponent(customer.email ?? '')}` },
  { endpoint: 'getSearchAccountList', filter: 'phone', url: `/uaa/secured/getSearchAccountList?search=${encodeURIComponent(customer.phone_number ?? '')}` },
  { endpoint: 'getSearchAccount', filter: 'email', url: `/uaa/secured/getSearchAccount?email=${encodeURIComponent(customer.email ?? '')}` },
];

const rows: string[] = [];
let worst = 0;
for (const r of await timeReads(app, headers, cases, runs)) {
  worst = Math.max(worst, r.p95);
  const line = `| ${r.case.endpoint} | ${r.case.filter} | ${r.status} | ${r.total} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p95 <= 25 ? 'yes' : '**no**'} |`;
  rows.push(line);
  console.log(line);
}

const table = [
  `Database: SQLite (WAL), ${counts.orders.toLocaleString('en')} orders, ${counts.customers.toLocaleString('en')} accounts, ${counts.calls.toLocaleString('en')} calls (SCALE=large: ${SCALES.large.orders.toLocaleString('en')} orders). ${runs} timed requests per row after 5 warm-up ones, in process (\`app.request\`), one at a time, on ${process.platform} with Node ${process.version}. Times in ms. "total" is the answer's totalElements (capped at 10,000).`,
  '',
  '| endpoint | filter | status | total | p50 | p95 | p95 ≤ 25 ms |',
  '|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `Worst p95: ${worst.toFixed(1)} ms.`,
].join('\n');

writeBlock('lists', 'npm run bench:lists', table);
await db.close();
