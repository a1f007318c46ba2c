/**
 * The work queues at scale (issue 14): each queue's first page (and a few filters) p50/p95 server
 * time in process on the large SQLite database, and how long one change takes to reach 100 open
 * event streams. Writes both tables into docs/performance.md.
 *
 *   npm run bench:queues                 # data/bench-large.db (seeded on first run)
 *   BENCH_DB=/tmp/x.db npm run bench:queues
 */
import { performance } from 'node:perf_hooks';
import { openBench, percentile, timeReads, type ReadCase } from './support';
import { writeBlock } from './doc-block';
import { issueTokens } from '../server/auth/tokens';
import { QueuePaths } from '../src/api/contract/queues';
import { changeOf, eventStream } from '../tests/support/event-stream';

const runs = Number(process.env.BENCH_RUNS ?? 60);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 100);
const { db, k, app, config, headers } = await openBench();

const tokenOf = async (username: string) => {
  const account = await k.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return (await issueTokens(k, config, { accountId: account.id, clientId: config.oauthClientId, deviceId: 'bench', now: Date.now() })).accessToken;
};
const operations = { authorization: `Bearer ${await tokenOf('operaciones')}` };
const fraud = { authorization: `Bearer ${await tokenOf('fraude')}` };
const province = await k.selectFrom('provinces').select('code').orderBy('position').offset(2).limit(1).executeTakeFirstOrThrow();

const cases: (ReadCase & { headers: Record<string, string> })[] = [
  { endpoint: 'Cola de Remesas', filter: 'first page (operaciones)', url: QueuePaths.remittances, headers: operations },
  { endpoint: 'Cola de Remesas', filter: 'first page (admin: every product)', url: QueuePaths.remittances, headers },
  { endpoint: 'Cola de Remesas', filter: 'product', url: `${QueuePaths.remittances}?product=REMESA_A_DOMICILIO`, headers: operations },
  { endpoint: 'Cola de Remesas', filter: 'province', url: `${QueuePaths.remittances}?province=${province.code}`, headers: operations },
  { endpoint: 'Cola de Remesas', filter: 'provider', url: `${QueuePaths.remittances}?provider=BANDEC`, headers: operations },
  { endpoint: 'Cola de Remesas', filter: 'older than 3 days', url: `${QueuePaths.remittances}?minAgeHours=72`, headers: operations },
  { endpoint: 'Cola de Remesas', filter: 'page 20', url: `${QueuePaths.remittances}?page=20`, headers: operations },
  { endpoint: 'Cola de Riesgo', filter: 'first page (fraude)', url: QueuePaths.risk, headers: fraud },
  { endpoint: 'risk/list (the bell)', filter: 'first page', url: '/orders/secured/risk/list?size=10', headers: fraud },
];

const rows: string[] = [];
let worst = 0;
for (const c of cases) {
  const [r] = await timeReads(app, c.headers, [c], runs);
  worst = Math.max(worst, r!.p95);
  const line = `| ${c.endpoint} | ${c.filter} | ${r!.status} | ${r!.total} | ${r!.p50.toFixed(1)} | ${r!.p95.toFixed(1)} | ${r!.p95 <= 25 ? 'yes' : '**no**'} |`;
  rows.push(line);
  console.log(line);
}
const orders = Number((await k.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
writeBlock(
  'queues',
  'npm run bench:queues',
  [
    `Database: SQLite (WAL), ${orders.toLocaleString('en')} orders (SCALE=large). ${runs} timed requests per row after 5 warm-up ones, in process (\`app.request\`), one at a time, on ${process.platform} with Node ${process.version}. Times in ms; "total" is how many wait (the filters applied).`,
    '',
    '| queue | case | status | total | p50 | p95 | p95 ≤ 25 ms |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Worst p95: ${worst.toFixed(1)} ms.`,
  ].join('\n'),
);

// One change, 100 open streams: from the action's request to the last stream's event.
async function openStream() {
  const stream = eventStream(await app.request(QueuePaths.changes, { headers: fraud }), 5000);
  if (!(await stream.until(/event: ready/))) throw new Error('a stream never said ready');
  // When the stream heard it (a stream that does not fails the trial below).
  const heardAt = async (pattern: RegExp) => ((await stream.until(pattern)) ? performance.now() : Infinity);
  return { heardAt, close: stream.close };
}
const trials: number[] = [];
const spreads: number[] = [];
const TRIALS = 10;
for (let trial = 0; trial < TRIALS; trial++) {
  const streams = await Promise.all(Array.from({ length: STREAMS }, openStream));
  const order = await k.selectFrom('orders').select('id').where('status', '=', 'CLOSED').orderBy('id', 'desc').offset(5000 + trial * 7).limit(1).executeTakeFirstOrThrow();
  await k.updateTable('orders').set({ status: 'RISK' }).where('id', '=', order.id).execute();
  const heard = streams.map((s) => s.heardAt(changeOf(order.id)));
  // Any moment of the follower's 200 ms look: the trials do not all land just before one.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 250));
  const started = performance.now();
  const answer = await app.request('/orders/secured/risk/approve', { method: 'POST', headers: { ...fraud, 'content-type': 'application/json' }, body: JSON.stringify({ orderId: order.id }) });
  if (answer.status !== 200) throw new Error(`approve: ${answer.status} ${await answer.text()}`);
  // A stream that never hears it fails the run (5 s) instead of letting the process end quietly.
  const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`trial ${trial + 1}: a stream did not hear the change in 5 s`)), 5000));
  const times = (await Promise.race([Promise.all(heard), late])).map((t) => t - started).sort((a, b) => a - b);
  if (!Number.isFinite(times[times.length - 1]!)) throw new Error(`trial ${trial + 1}: a stream did not hear the change in 5 s`);
  trials.push(times[times.length - 1]!);
  spreads.push(times[times.length - 1]! - times[0]!);
  await Promise.all(streams.map((s) => s.close()));
  console.log(`trial ${trial + 1}: first stream ${times[0]!.toFixed(0)} ms, last ${times[times.length - 1]!.toFixed(0)} ms`);
}
trials.sort((a, b) => a - b);
writeBlock(
  'change-streams',
  'npm run bench:queues',
  [
    `${STREAMS} event streams open on one server (in process, SQLite, the large database), one approval through the same server at a random moment; the time from the approval's request to the event on the last of the ${STREAMS} streams, ${TRIALS} trials. The SQLite follower looks at the write number every 200 ms, so the wait is at most about one look; on PostgreSQL the NOTIFY arrives on commit (tests/server/two-instances.test.ts).`,
    '',
    '| streams | median, last stream | worst, last stream | worst spread first → last | ≤ 2 s |',
    '|---|---|---|---|---|',
    `| ${STREAMS} | ${percentile(trials, 50).toFixed(0)} ms | ${trials[trials.length - 1]!.toFixed(0)} ms | ${Math.max(...spreads).toFixed(0)} ms | ${trials[trials.length - 1]! <= 2000 ? 'yes' : '**no**'} |`,
  ].join('\n'),
);
await db.close();
process.exit(0);
