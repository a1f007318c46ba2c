/**
 * `npm run bench:admission` (issue 42 §5): the staff floor of bench/staff.ts on one instance, SQLite
 * and PostgreSQL, with `MAX_ACTIVE_REQUESTS` at several values (server/admission.ts), alternated in
 * one run for ADMISSION_ROUNDS rounds (default 3), so that a setting shows as a ratio to SQLite's
 * line of the same round, not as a figure of a machine whose speed drifts between minutes.
 *
 * Each line: a fresh instance (`node --import tsx server/main.ts`, as production runs it) on
 * data/bench-floor.db (SQLite) or on the PostgreSQL of data/bench-floor-cluster (started here
 * through its socket, as the cluster's instances reach it), the earlier runs' notes removed, 50
 * staff signed in, 5 s of warm-up, FLOOR_SECONDS (default 15) measured. Both databases are seeded by
 * `npm run bench:floor` on its first run. Writes docs/performance.md, block "admission".
 */
import path from 'node:path';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { root, waitFor } from '../tests/support/processes';
import { running, stopChild as stop } from '../scripts/process-support';
import { writeBlock } from './doc-block';
import { benchRun, childrenOf, cpuSample, cpuText, EARLIER_RUNS, FLOOR_USERS, floorDatabasesUp, forgetEarlierRunsPg, launch, num, postgresPidsIn, ready, tail, type CpuSample } from './floor-support';
import { measure, percentile, runFloor, signIn, type Kind } from './staff';

const STAFF = num('FLOOR_STAFF', 50);
const SECONDS = num('FLOOR_SECONDS', 15);
const WARMUP = num('FLOOR_WARMUP', 5);
const ROUNDS = num('ADMISSION_ROUNDS', 3);
/** The lines of a round: the engine and MAX_ACTIVE_REQUESTS (0: no limit; '': the default). */
const LINES = (process.env.ADMISSION_LINES ?? 'sqlite:,postgres:0,postgres:2,postgres:4,postgres:8').split(',').map((spec) => {
  const [engine, active] = spec.split(':') as ['sqlite' | 'postgres', string];
  return { engine, active };
});
const clusterDir = path.resolve(root, 'data/bench-floor-cluster');
const pgDir = path.join(clusterDir, 'pg');
const pgScript = path.join(root, 'scripts', 'pg-cluster.sh');
const sqliteFile = path.resolve(root, 'data/bench-floor.db');
const log = path.join(clusterDir, 'admission-instance.log');
const say = (line: string) => console.log(`[admission] ${line}`);
const KINDS: Kind[] = ['list', 'offers', 'notes', 'note'];
let instance: ChildProcess | null = null;
let pgPort = 0;

const labelOf = ({ engine, active }: (typeof LINES)[number]) =>
  `${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${active === '' ? 'the default limit' : active === '0' ? 'no limit' : `${active} at once`}`;

async function cleanup() {
  if (running(instance) && !(await stop(instance, 'SIGTERM', 30_000))) instance?.kill('SIGKILL');
  if (pgPort) spawnSync('bash', [pgScript, 'down', pgDir, String(pgPort)], { cwd: root, stdio: 'inherit' });
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

await benchRun(async () => {
  const { port, pgPort: started, databaseUrl } = await floorDatabasesUp(sqliteFile, clusterDir);
  pgPort = started;
  const base = `http://127.0.0.1:${port}`;
  const rows: { round: number; line: (typeof LINES)[number]; m: ReturnType<typeof measure>; byKind: string; cpu: string }[] = [];
  // SQLite's line opens and closes each round (the ratios are to the mean of the two: the machine's
  // speed drifts within a round too), and the other lines start one later each round (a line is not
  // always the one measured last).
  const sqliteLine = LINES.find((l) => l.engine === 'sqlite')!;
  const others = LINES.filter((l) => l !== sqliteLine);
  for (let round = 1; round <= ROUNDS; round++)
    for (const line of [sqliteLine, ...others.map((_, i) => others[(i + round - 1) % others.length]!), sqliteLine]) {
      forgetEarlierRunsPg(pgDir, pgPort);
      if (line.engine === 'sqlite') new (await import('better-sqlite3')).default(sqliteFile).exec(EARLIER_RUNS).close();
      const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', ...(line.active === '' ? {} : { MAX_ACTIVE_REQUESTS: line.active }) };
      if (line.engine === 'sqlite') env.DATABASE_FILE = sqliteFile;
      else env.DATABASE_URL = databaseUrl;
      instance = launch('server/main.ts', env, log);
      if (!(await waitFor(async () => !running(instance) || (await ready(`${base}/ready`)), 600_000, 250)) || !running(instance)) throw new Error(`the instance did not start:\n${tail(log)}`);
      const tokens = await signIn(base, FLOOR_USERS, STAFF, `admission-${round}-${line.engine}-${line.active}`);
      await runFloor({ base, tokens, notePrefix: `quick admission warm-up ${round} `, seconds: WARMUP });
      const pids = () => [instance!.pid!, ...childrenOf(instance!.pid!), ...(line.engine === 'postgres' ? postgresPidsIn(pgDir) : [])];
      const cpu: CpuSample[] = [cpuSample(pids())];
      const run = await runFloor({ base, tokens, notePrefix: `quick admission ${round} `, seconds: SECONDS });
      cpu.push(cpuSample(pids()));
      const m = measure(run.sent, 0, SECONDS * 1000);
      const byKind = KINDS.map((kind) => {
        const times = run.sent.filter((s) => s.kind === kind).map((s) => s.ms).sort((a, b) => a - b);
        return `${kind} ${percentile(times, 50).toFixed(0)}/${percentile(times, 99).toFixed(0)}`;
      }).join(' · ');
      rows.push({ round, line, m, byKind, cpu: cpuText(cpu) });
      say(`round ${round}, ${labelOf(line)}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50.toFixed(0)}, p99 ${m.p99.toFixed(0)} ms, ${m.errors} errors | ${byKind}`);
      await stop(instance, 'SIGTERM', 30_000);
      instance = null;
    }
  /** SQLite's two lines of a round, as one: the mean of their requests/s and of their p99. */
  const sqliteOf = (round: number) => {
    const two = rows.filter((r) => r.round === round && r.line === sqliteLine);
    return { m: { rps: two.reduce((a, r) => a + r.m.rps, 0) / two.length, p99: two.reduce((a, r) => a + r.m.p99, 0) / two.length } };
  };
  const table = [
    `The floor of bench/staff.ts (${STAFF} staff in one load process, each in a tight loop: the closed-orders list, one of its orders' offers and notes, a note every fourth turn), on one instance (\`node --import tsx server/main.ts\`, a fresh one per line, its request log to a file), SCALE=demo; SQLite on data/bench-floor.db, PostgreSQL 15 (data/bench-floor-cluster, through its Unix socket, pool of \`PG_POOL_SIZE\`'s default); \`MAX_ACTIVE_REQUESTS\` as each line says. ${WARMUP} s of warm-up, then ${SECONDS} s measured; the lines alternated, ${ROUNDS} rounds in one run, each round opened and closed by SQLite's line and the other lines in a turned order; the ratios are to the mean of that round's two SQLite lines. Everything on one 2-core machine (load, instance, PostgreSQL), Node ${process.version}. CPU over the measured seconds: the machine's busy share, the cores of the instance and PostgreSQL's processes, the load's. Times in ms; "by request": p50/p99 of each kind.`,
    '',
    '| round | line | req/s | of SQLite | p50 | p99 | p99 / SQLite | errors | by request | CPU |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---|---|',
    ...rows.map((r) => {
      const s = sqliteOf(r.round)!.m;
      return `| ${r.round} | ${labelOf(r.line)} | ${r.m.rps.toFixed(0)} | ${((100 * r.m.rps) / s.rps).toFixed(0)} % | ${r.m.p50.toFixed(0)} | ${r.m.p99.toFixed(0)} | ${(r.m.p99 / s.p99).toFixed(2)} | ${r.m.errors} | ${r.byKind} | ${r.cpu} |`;
    }),
    '',
    'Median over the rounds of each line (ratios taken within each round first, to its two SQLite lines):',
    '',
    '| line | req/s of SQLite | p99 / SQLite |',
    '|---|---:|---:|',
    ...LINES.map((line) => {
      const mine = rows.filter((r) => r.line === line && line !== sqliteLine);
      if (mine.length === 0) return `| ${labelOf(line)} | 100 % | 1.00 |`;
      const median = (values: number[]) => percentile(values.sort((a, b) => a - b), 50);
      const share = median(mine.map((r) => r.m.rps / sqliteOf(r.round)!.m.rps));
      const tailRatio = median(mine.map((r) => r.m.p99 / sqliteOf(r.round)!.m.p99));
      return `| ${labelOf(line)} | ${(100 * share).toFixed(0)} % | ${tailRatio.toFixed(2)} |`;
    }),
  ].join('\n');
  console.log(table);
  writeBlock('admission', 'npm run bench:admission', table);
}, cleanup);
