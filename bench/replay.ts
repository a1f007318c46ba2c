/**
 * The replay's speeds (issue 40 goals: an entity's history p95 ≤ 50 ms at the large scale; the
 * conformance ≥ 20,000 transitions per second, memory flat), in process (`app.request` and the
 * conformance's own function, as the script runs it):
 *
 * - GET history of the order with the most stored moves, against /health in the same run,
 *   interleaved (ratios to /health are what compare between runs on a shared machine);
 * - the conformance over every stored history: transitions per second, and the process's RSS
 *   before, at its peak during the run (sampled every 20 ms) and after; with `--expose-gc` (as
 *   `npm run bench:replay` runs it) also the live heap, what a full collection leaves, every 10 s (the run gives the event loop up between pages).
 *
 * On a fresh SQLite database seeded at BENCH_SCALE (test by default, or demo); BENCH_SCALE=large
 * uses the large benchmark database (bench/support.ts `openBench`, seeded on first use: long).
 *
 *   npm run bench:replay   (bash scripts/node24.sh tsx --expose-gc bench/replay.ts)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seedDatabase } from '../server/db/seed/index';
import { DEMO_PASSWORD } from '../server/db/seed/personas';
import { createApp } from '../server/app';
import { LIFECYCLES } from '../server/lifecycles';
import { replayDeps } from '../server/audit/history';
import { conformance } from '../server/audit/conformance';
import { HistoryPaths } from '@/api/contract/history';
import { openBench, percentile } from './support';

const scale = (process.env.BENCH_SCALE ?? 'test') as 'test' | 'demo' | 'large';
const runs = Number(process.env.BENCH_RUNS ?? 500);
const warmup = 50;
const NOW = Date.parse('2026-03-15T15:00:00Z');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function open() {
  if (scale === 'large') {
    const bench = await openBench();
    return { ...bench, clock: { now: () => Date.now() }, done: () => bench.db.close() };
  }
  const dir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'bench-replay-'));
  const databaseFile = path.join(dir, 'bench.db');
  const db = openDatabase({ databaseFile, databaseUrl: null });
  await migrate(db);
  const began = performance.now();
  await seedDatabase(db, { seed: 1, scale, now: NOW });
  console.log(`seeded SCALE=${scale} in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  const config = { ...loadConfig({}), databaseFile, databaseUrl: null, scale, logLevel: 'silent' as const };
  const clock = { now: () => NOW };
  const app = createApp({ db, config, clock });
  const basic = `Basic ${Buffer.from('crm-console:crm-console-secret').toString('base64')}`;
  const r = await app.request('/uaa/oauth/token', {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'qa', password: DEMO_PASSWORD, device_id: 'bench' }).toString(),
  });
  const headers = { authorization: `Bearer ${((await r.json()) as { access_token: string }).access_token}` };
  const done = async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { db, k: db.kysely, app, config, clock, headers, done };
}

const { db, k, app, config, clock, headers, done } = await open();

// The order with the most stored moves (its creation and refusals included in its history).
const busiest = await k.selectFrom('transitions').select(['entity_id', (eb) => eb.fn.countAll<number>().as('n')]).where('chart', '=', 'order').groupBy('entity_id').orderBy('n', 'desc').limit(1).executeTakeFirst();
if (!busiest) throw new Error('no order has a stored transition: nothing to replay');
const historyUrl = `${HistoryPaths.history}?chart=order&entityId=${busiest.entity_id}`;
const cases = [
  { name: 'GET /health', send: () => app.request('/health') },
  { name: `GET history (order ${busiest.entity_id}, ${busiest.n} stored steps)`, send: () => app.request(historyUrl, { headers }) },
];
const times = cases.map(() => [] as number[]);
for (let i = 0; i < warmup + runs; i++) {
  for (const [c, { name, send }] of cases.entries()) {
    const start = performance.now();
    const r = await send();
    await r.arrayBuffer();
    const ms = performance.now() - start;
    if (r.status !== 200) throw new Error(`${name}: ${r.status}`);
    if (i >= warmup) times[c]!.push(ms);
  }
}
const sorted = times.map((xs) => [...xs].sort((a, b) => a - b));
const health = percentile(sorted[0]!, 50);
console.log(`SCALE=${scale}; ${runs} requests each (after ${warmup} warm-up), interleaved`);
for (const [c, { name }] of cases.entries()) {
  const xs = sorted[c]!;
  console.log(`${name.padEnd(52)} p50 ${percentile(xs, 50).toFixed(2)} ms  p95 ${percentile(xs, 95).toFixed(2)} ms  p50/health ${(percentile(xs, 50) / health).toFixed(1)}`);
}

// The conformance over everything, as `npm run audit:conformance` runs it.
// Memory: RSS (what the process holds, V8's heap as it sized it and SQLite's page cache included), and the live heap:
// what is still reachable after a full collection (node --expose-gc), taken every LIVE_EVERY ms during the run.
const LIVE_EVERY = 10_000;
const live = () => {
  global.gc?.();
  return process.memoryUsage().heapUsed;
};
const liveBefore = live();
const before = process.memoryUsage().rss;
let peak = before;
const lives: number[] = [];
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const liveSampler = global.gc ? setInterval(() => lives.push(live()), LIVE_EVERY) : undefined;
const began = performance.now();
const result = await conformance(replayDeps({ db, config, clock }, LIFECYCLES));
const seconds = (performance.now() - began) / 1000;
clearInterval(sampler);
clearInterval(liveSampler);
const after = process.memoryUsage().rss;
const liveAfter = live();
console.log(`conformance: ${result.histories} histories, ${result.transitions} transitions, ${result.divergent} divergent in ${seconds.toFixed(2)} s: ${Math.round(result.transitions / seconds)} transitions/s`);
console.log(`RSS before ${mb(before)}, peak ${mb(Math.max(peak, after))}, after ${mb(after)}`);
if (global.gc) console.log(`live heap (after a full collection, every ${LIVE_EVERY / 1000} s; ${lives.length} samples): before ${mb(liveBefore)}, max ${mb(Math.max(liveBefore, ...lives))}, after ${mb(liveAfter)}`);
await done();
