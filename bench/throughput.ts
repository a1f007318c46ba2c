/**
 * Throughput under concurrency (issue 13 §6): the reference server started as its own process
 * (`tsx server/main.ts`, its own event loop, as in production) and driven over HTTP by autocannon
 * with 20 connections, on /health (the ceiling: the same process doing nothing) and on the
 * filtered lists the screens ask for. Each list is reported as a share of the ceiling measured in
 * the same run, with p50 and p99. Writes its table into docs/performance.md.
 *
 *   npm run bench:throughput                         # SQLite, demo scale (data/bench-demo.db, seeded on first run)
 *   BENCH_SCALE=large npm run bench:throughput       # data/bench-large.db (about 5 minutes to seed once)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:throughput   # the same on PostgreSQL
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig, type Scale } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seedDatabase } from '../server/db/seed/index';
import { issueTokens } from '../server/auth/tokens';
import { writeBlock } from './doc-block';
import { serverStarted } from './support';

const scale = (process.env.BENCH_SCALE ?? 'demo') as Scale;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? null;
const databaseFile = process.env.BENCH_DB ?? path.join('data', `bench-${scale}.db`);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const port = Number(process.env.BENCH_PORT ?? 4590);
const engine = databaseUrl ? 'PostgreSQL' : 'SQLite';

// Seed once (the server would too, but the bench needs its values and a token first).
const config = { ...loadConfig({}), databaseFile, databaseUrl, scale };
const db = openDatabase(config);
await migrate(db);
const began = Date.now();
if (await seedDatabase(db, { seed: 20261122, scale, now: Date.now() })) console.log(`seeded SCALE=${scale} on ${engine} in ${((Date.now() - began) / 1000).toFixed(0)} s`);
const k = db.kysely;
const admin = await k.selectFrom('accounts').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
const { accessToken } = await issueTokens(k, config, { accountId: admin.id, clientId: config.oauthClientId, deviceId: 'bench', now: Date.now() });
const order = await k.selectFrom('orders').selectAll().orderBy('id', 'desc').offset(500).limit(1).executeTakeFirstOrThrow();
const customer = await k.selectFrom('accounts').selectAll().where('is_staff', '=', 0).orderBy('id', 'desc').offset(123).limit(1).executeTakeFirstOrThrow();
const counts = {
  orders: Number((await k.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  customers: Number((await k.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
};
await db.close();

const server = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_FILE: databaseFile, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), SCALE: scale, SEED: 'false' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
await serverStarted(base);

const headers = { authorization: `Bearer ${accessToken}`, 'api-key': config.upgApiKey };
const CASES: [string, string][] = [
  ['/health (ceiling)', '/health'],
  ['orders: status CLOSED', '/orders/secured/orders/allHistory?size=15&status=CLOSED'],
  ['orders: accountId', `/orders/secured/orders/allHistory?size=15&accountId=${order.account_id}`],
  ['orders: one week', '/orders/secured/orders/allHistory?size=15&startDate=2026-11-01&endDate=2026-11-07'],
  ['items: productType', '/rorders/secured/items/allHistory?size=20&productType=REMESA_BANCARIA'],
  ['items: productStatus', '/rorders/secured/items/allHistory?size=20&productStatus=MANUAL'],
  ['customers: by e-mail', `/uaa/secured/getAllAccount?size=15&email=${encodeURIComponent(customer.email ?? '')}`],
  ['customers: default', '/uaa/secured/getAllAccount?size=15'],
];

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
async function drive(name: string, url: string): Promise<Result> {
  // A short warm-up, then the timed run.
  await autocannon({ url: `${base}${url}`, connections, duration: 1, headers });
  const r = await autocannon({ url: `${base}${url}`, connections, duration: seconds, headers });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors };
}

const results: Result[] = [];
for (const [name, url] of CASES) {
  const result = await drive(name, url);
  results.push(result);
  console.log(`${name.padEnd(24)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms${result.errors ? `  (${result.errors} errors)` : ''}`);
}
server.kill('SIGTERM');

const ceiling = results[0]!.rps;
const rows = results.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${((100 * r.rps) / ceiling).toFixed(0)} % | ${r.p50} | ${r.p99} |${r.errors ? ` ${r.errors} errors |` : ' |'}`);
const table = [
  `${engine}, SCALE=${scale}: ${counts.orders.toLocaleString('en')} orders, ${counts.customers.toLocaleString('en')} accounts. ${connections} connections for ${seconds} s per row (after 1 s of warm-up), server and autocannon on one ${process.platform} machine with Node ${process.version}. Times in ms.`,
  '',
  '| request | req/s | share of /health | p50 | p99 | |',
  '|---|---:|---:|---:|---:|---|',
  ...rows,
].join('\n');
writeBlock(`throughput-${engine.toLowerCase()}-${scale}`, `${databaseUrl ? 'BENCH_DATABASE_URL=… ' : ''}${scale === 'demo' ? '' : `BENCH_SCALE=${scale} `}npm run bench:throughput`, table);
process.exit(0);
