/**
 * Bulk decisions at scale (issue 28 goal: a bulk decision of 50 risk orders answers within 2 s at
 * the large scale, each order with its own audit row and transition). Each trial puts 50 closed
 * orders of the large SQLite database in RISK, sends one bulk approval as `fraude` (in process,
 * `app.request`, with an Idempotency-Key as the console sends it), checks that all 50 are done
 * with one transition and one action-log row each, and closes them again (the queues' depths stay
 * as they were for the other benchmarks). Writes the table into docs/performance.md.
 *
 *   npm run bench:bulk                 # data/bench-large.db (seeded on first run)
 *   BENCH_DB=/tmp/x.db BENCH_RUNS=10 npm run bench:bulk
 */
import { performance } from 'node:perf_hooks';
import { openBench, percentile } from './support';
import { writeBlock } from './doc-block';
import { issueTokens } from '../server/auth/tokens';
import { BulkResponse, QueuePaths } from '../src/api/contract/queues';
import * as v from 'valibot';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 2;
const SIZE = 50;
const { db, k, app, config } = await openBench();

const fraude = await k.selectFrom('accounts').select('id').where('username', '=', 'fraude').executeTakeFirstOrThrow();
const token = (await issueTokens(k, config, { accountId: fraude.id, clientId: config.oauthClientId, deviceId: 'bench', now: Date.now() })).accessToken;
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

const times: number[] = [];
for (let run = 0; run < RUNS + WARMUP; run++) {
  const orders = await k.selectFrom('orders').select('id').where('status', '=', 'CLOSED').orderBy('id', 'desc').offset(20_000 + run * SIZE).limit(SIZE).execute();
  const ids = orders.map((o) => o.id);
  await k.updateTable('orders').set({ status: 'RISK' }).where('id', 'in', ids).execute();
  const before = await k.selectFrom('transitions').select((eb) => eb.fn.max('id').as('last')).executeTakeFirstOrThrow();
  const began = performance.now();
  const response = await app.request(QueuePaths.bulk, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': `bench-bulk-${Date.now()}-${run}` },
    body: JSON.stringify({ kind: 'order', event: 'order.approve', ids }),
  });
  const body = await response.text();
  const elapsed = performance.now() - began;
  if (response.status !== 200) throw new Error(`bulk: ${response.status} ${body}`);
  const answer = v.parse(BulkResponse, JSON.parse(body)).data;
  const done = answer.results.filter((r) => r.outcome === 'done').length;
  // Each order its own transition and its own action-log row.
  const transitions = await k.selectFrom('transitions').select('entity_id').where('id', '>', Number(before.last ?? 0)).where('chart', '=', 'order').where('event', '=', 'order.approve').execute();
  const logs = await k.selectFrom('action_logs').select('doc_id').where('action', '=', 'order.approve').where('doc_id', 'in', ids.map(String)).execute();
  if (done !== SIZE || new Set(transitions.map((t) => t.entity_id)).size !== SIZE || transitions.length !== SIZE || logs.length < SIZE) {
    throw new Error(`run ${run}: ${done} done, ${transitions.length} transitions, ${logs.length} log rows for ${SIZE} orders`);
  }
  await k.updateTable('orders').set({ status: 'CLOSED' }).where('id', 'in', ids).execute();
  if (run >= WARMUP) times.push(elapsed);
  console.log(`run ${run + 1}: ${elapsed.toFixed(0)} ms`);
}
times.sort((a, b) => a - b);
const p50 = percentile(times, 50);
const p95 = percentile(times, 95);
const orderCount = Number((await k.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const line = `| ${SIZE} risk orders approved in one bulk decision | ${RUNS} | ${p50.toFixed(0)} ms | ${p95.toFixed(0)} ms | ${(times[times.length - 1] ?? 0).toFixed(0)} ms | ${p95 <= 2000 ? 'yes' : '**no**'} |`;
console.log(line);
writeBlock(
  'bulk',
  'npm run bench:bulk',
  [
    `Database: SQLite (WAL), ${orderCount.toLocaleString('en')} orders (SCALE=large). ${RUNS} timed bulk requests after ${WARMUP} warm-up ones, in process (\`app.request\`), one at a time, on ${process.platform} with Node ${process.version}, each with an Idempotency-Key (every entry's transaction is a stored step). Every run checked: all ${SIZE} done, one \`order.approve\` transition and one action-log row per order.`,
    '',
    '| case | runs | p50 | p95 | worst | p95 ≤ 2 s |',
    '|---|---|---|---|---|---|',
    line,
  ].join('\n'),
);
await db.close();
