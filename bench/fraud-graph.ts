/**
 * The fraud graph at a million orders: server time of one search (the walk, the account details,
 * the blacklist), on the SQLite database of `bench:lists`, opened read-only so the benchmark
 * changes nothing (no migration either: the graph reads tables every version has). Orders are
 * drawn evenly across the whole history, each searched at every depth and network type, twice:
 * cold (pages read from disk) and warm (pages cached).
 *
 *   npx tsx bench/fraud-graph.ts            (BENCH_DB to point elsewhere, BENCH_RUNS orders per case)
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../server/db/schema';
import { fraudGraph } from '../server/order/fraud-graph';
import { GRAPH_LIMITS, type NetworkType } from '../src/api/contract/fraud-graph';
import { percentile } from './support';
import { writeBlock } from './doc-block';

const file = process.env.BENCH_DB ?? path.join('data', 'bench-large.db');
const runs = Number(process.env.BENCH_RUNS ?? 60);
const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
sqlite.pragma('cache_size = -65536');
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });

const { n } = sqlite.prepare('SELECT max(id) AS n FROM orders').get() as { n: number };
// Evenly spread, newest and oldest included, the same ones every run.
const orders = Array.from({ length: runs }, (_, i) => Math.max(1, Math.round(n - (i * (n - 1)) / (runs - 1))));

const cases: { depth: number; networkType: NetworkType }[] = [
  { depth: 1, networkType: 'ALL' },
  { depth: 2, networkType: 'ALL' },
  { depth: 3, networkType: 'ALL' },
  { depth: 3, networkType: 'CARD' },
  { depth: 3, networkType: 'DEVICE' },
  { depth: 3, networkType: 'IP' },
  { depth: 3, networkType: 'PHONE' },
];

/** One pass over the orders: times (sorted) and what the answers held. */
async function pass(c: (typeof cases)[number]) {
  const times: number[] = [];
  let nodes = 0;
  let capped = 0;
  let bytes = 0;
  for (const orderId of orders) {
    const began = performance.now();
    const graph = await fraudGraph(db, { orderId, userId: undefined, depth: c.depth, networkType: c.networkType, multiCompany: true }, ['bench']);
    times.push(performance.now() - began);
    nodes += graph.nodes.length;
    if (graph.capped) capped++;
    bytes += JSON.stringify(graph).length;
  }
  return { times: times.sort((a, b) => a - b), nodes: nodes / orders.length, capped: capped / orders.length, kb: bytes / orders.length / 1024 };
}

const ms = (t: number) => `${t.toFixed(1)} ms`;
const rows: string[] = [];
for (const c of cases) {
  // The first pass reads pages from disk as a search of a cold corner of the data would; the second finds them cached.
  const cold = await pass(c);
  const warm = await pass(c);
  rows.push(
    `| depth ${c.depth}, ${c.networkType} | ${orders.length} | ${ms(percentile(cold.times, 50))} / ${ms(percentile(cold.times, 95))} | ${ms(percentile(warm.times, 50))} / ${ms(percentile(warm.times, 95))} / ${ms(warm.times.at(-1)!)} | ${warm.nodes.toFixed(0)} | ${Math.round(warm.capped * 100)} % | ${warm.kb.toFixed(0)} KB |`,
  );
}

const table = [
  `Database: SQLite, ${n.toLocaleString('en')} orders (the \`bench:lists\` one, read-only). ${orders.length} orders spread over the whole history, each searched per row; cap ${GRAPH_LIMITS.maxNodes} nodes. In process, one search at a time, on ${process.platform} with Node ${process.version}. Cold: the first pass (pages from disk); warm: the second.`,
  '',
  '| search | orders | cold p50 / p95 | warm p50 / p95 / max | nodes (mean) | capped | answer (mean) |',
  '|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(table);
writeBlock('graph', 'npm run bench:graph', table);
await db.destroy();
