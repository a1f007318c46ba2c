/**
 * `npm run bench:write-cost` (issue 42 §5, eleventh stop): where PostgreSQL's path costs more CPU
 * than SQLite's, by the kind of request. The floor of bench/staff.ts split in its two parts, each on
 * one instance of each database: `reads` (50 staff, the closed-orders list, an order's offers and its
 * notes, no note) and `notes` (WRITE_COST_WRITERS, default 8, staff each writing a note per turn on
 * the orders of a first list, nothing else). Per request: the instance's CPU and PostgreSQL's
 * processes' CPU (/proc, utime + stime, over the measured seconds), so the ratio of the two
 * databases is read per kind rather than guessed from the floor's mix.
 *
 * Each line: a fresh instance (`node --import tsx server/main.ts`) on data/bench-floor.db or the
 * PostgreSQL of data/bench-floor-cluster (started here, through its socket, as bench/admission.ts
 * does), the earlier runs' notes removed, WRITE_COST_WARMUP (3) s of warm-up then
 * WRITE_COST_SECONDS (10) s measured per part; WRITE_COST_ROUNDS (3) rounds, the databases' order
 * turned each round. Both databases are seeded by `npm run bench:floor` on its first run. Writes
 * docs/performance.md, block "write-cost".
 */
import os from 'node:os';
import path from 'node:path';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { root, waitFor } from '../tests/support/processes';
import { running, stopChild as stop } from '../scripts/process-support';
import { writeBlock } from './doc-block';
import { benchRun, childrenOf, cpuSample, EARLIER_RUNS, FLOOR_USERS, floorDatabasesUp, forgetEarlierRunsPg, launch, num, postgresPidsIn, ready, tail, type CpuSample } from './floor-support';
import { percentile, runFloor, signIn } from './staff';

const READERS = num('FLOOR_STAFF', 50);
const WRITERS = num('WRITE_COST_WRITERS', 8);
const SECONDS = num('WRITE_COST_SECONDS', 10);
const WARMUP = num('WRITE_COST_WARMUP', 3);
const ROUNDS = num('WRITE_COST_ROUNDS', 3);
const clusterDir = path.resolve(root, 'data/bench-floor-cluster');
const pgDir = path.join(clusterDir, 'pg');
const pgScript = path.join(root, 'scripts', 'pg-cluster.sh');
const sqliteFile = path.resolve(root, 'data/bench-floor.db');
const log = path.join(clusterDir, 'write-cost-instance.log');
const say = (line: string) => console.log(`[write-cost] ${line}`);
type Engine = 'sqlite' | 'postgres';
type Part = 'reads' | 'notes';
const PARTS: Part[] = ['reads', 'notes'];
const LABEL: Record<Engine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
let instance: ChildProcess | null = null;
let pgPort = 0;

async function cleanup() {
  if (running(instance) && !(await stop(instance, 'SIGTERM', 30_000))) instance?.kill('SIGKILL');
  if (pgPort) spawnSync('bash', [pgScript, 'down', pgDir, String(pgPort)], { cwd: root, stdio: 'inherit' });
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

interface Row {
  round: number;
  engine: Engine;
  part: Part;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Milliseconds of CPU per request: the instance's, PostgreSQL's processes'. */
  instanceMs: number;
  databaseMs: number;
}

await benchRun(async () => {
  const { port, pgPort: started, databaseUrl } = await floorDatabasesUp(sqliteFile, clusterDir);
  pgPort = started;
  const base = `http://127.0.0.1:${port}`;
  const rows: Row[] = [];
  for (let round = 1; round <= ROUNDS; round++)
    for (const engine of (round % 2 === 1 ? ['sqlite', 'postgres'] : ['postgres', 'sqlite']) as Engine[]) {
      forgetEarlierRunsPg(pgDir, pgPort);
      if (engine === 'sqlite') new (await import('better-sqlite3')).default(sqliteFile).exec(EARLIER_RUNS).close();
      instance = launch('server/main.ts', { PORT: String(port), HOST: '127.0.0.1', ...(engine === 'sqlite' ? { DATABASE_FILE: sqliteFile } : { DATABASE_URL: databaseUrl }) }, log);
      if (!(await waitFor(async () => !running(instance) || (await ready(`${base}/ready`)), 600_000, 250)) || !running(instance)) throw new Error(`the instance did not start:\n${tail(log)}`);
      const tokens = await signIn(base, FLOOR_USERS, READERS, `write-cost-${round}-${engine}`);
      for (const part of PARTS) {
        const staff = part === 'notes' ? tokens.slice(0, WRITERS) : tokens;
        await runFloor({ base, tokens: staff, notePrefix: `quick write-cost warm-up ${round} `, seconds: WARMUP, only: part });
        const roles = () => ({ instance: [instance!.pid!, ...childrenOf(instance!.pid!)], database: engine === 'postgres' ? postgresPidsIn(pgDir) : [] });
        const before: CpuSample = cpuSample(roles());
        const run = await runFloor({ base, tokens: staff, notePrefix: `quick write-cost ${round} `, seconds: SECONDS, only: part });
        const after: CpuSample = cpuSample(roles());
        const sent = run.sent;
        const times = sent.map((s) => s.ms).sort((a, b) => a - b);
        // Clock ticks (100 a second) to milliseconds, over every request the part sent.
        const perRequest = (role: string) => ((after.roles[role]! - before.roles[role]!) * 10) / sent.length;
        const row: Row = {
          round,
          engine,
          part,
          rps: sent.length / ((after.at - before.at) / 1000),
          p50: percentile(times, 50),
          p99: percentile(times, 99),
          errors: sent.filter((s) => s.status < 200 || s.status >= 300).length,
          instanceMs: perRequest('instance'),
          databaseMs: perRequest('database'),
        };
        rows.push(row);
        say(`round ${round}, ${LABEL[engine]}, ${part}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50.toFixed(0)}, p99 ${row.p99.toFixed(0)} ms, ${row.errors} errors; CPU per request ${row.instanceMs.toFixed(3)} ms instance + ${row.databaseMs.toFixed(3)} ms PostgreSQL`);
      }
      await stop(instance, 'SIGTERM', 30_000);
      instance = null;
    }
  const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
  const of = (engine: Engine, part: Part) => rows.filter((r) => r.engine === engine && r.part === part);
  const total = (r: Row) => r.instanceMs + r.databaseMs;
  const table = [
    `Two parts of the floor of bench/staff.ts, each alone on one instance (\`node --import tsx server/main.ts\`, a fresh one per database and round, its request log to a file), SCALE=demo: **reads**, ${READERS} staff each in a tight loop over the closed-orders list, one of its orders' offers and its notes, no note; **notes**, ${WRITERS} staff each writing a note per turn (\`POST /uaa/secured/doc-note/create\` with an Idempotency-Key) on the orders of a first list, nothing else. SQLite on data/bench-floor.db; PostgreSQL 15 on data/bench-floor-cluster through its Unix socket (the pool's default size). ${WARMUP} s of warm-up, then ${SECONDS} s measured per part; ${ROUNDS} rounds, the databases' order turned each round. CPU per request: the instance's process and PostgreSQL's (postmaster and backends), utime + stime from /proc over the measured seconds, divided by the requests sent. Everything on one ${os.availableParallelism()}-core machine (load, instance, PostgreSQL), Node ${process.version}. Times in ms.`,
    '',
    '| round | database | part | req/s | p50 | p99 | errors | CPU per request: instance | PostgreSQL | both |',
    '|---:|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.round} | ${LABEL[r.engine]} | ${r.part} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.errors} | ${r.instanceMs.toFixed(3)} | ${r.engine === 'postgres' ? r.databaseMs.toFixed(3) : '—'} | ${total(r).toFixed(3)} |`),
    '',
    'Medians over the rounds, and PostgreSQL against SQLite (CPU per request, both processes):',
    '',
    '| part | SQLite | PostgreSQL: instance | PostgreSQL: database | PostgreSQL: both | PostgreSQL / SQLite |',
    '|---|---:|---:|---:|---:|---:|',
    ...PARTS.map((part) => {
      const sqlite = median(of('sqlite', part).map(total));
      const pg = of('postgres', part);
      const both = median(pg.map(total));
      return `| ${part} | ${sqlite.toFixed(3)} | ${median(pg.map((r) => r.instanceMs)).toFixed(3)} | ${median(pg.map((r) => r.databaseMs)).toFixed(3)} | ${both.toFixed(3)} | ${(both / sqlite).toFixed(2)} × |`;
    }),
  ].join('\n');
  console.log(table);
  writeBlock('write-cost', 'npm run bench:write-cost', table);
}, cleanup);
