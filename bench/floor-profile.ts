/**
 * `npm run bench:floor-profile` (issue 42 §5): where one PostgreSQL instance's floor spends its
 * CPU, read from the instance's `--cpu-prof` and from PostgreSQL's own statement statistics, not
 * guessed. The cluster of `bench:floor` (data/bench-floor-cluster, seeded on first use) is started
 * with `CLUSTER_CPU_PROF_DIR` and `pg_stat_statements` loaded for this run only; the floor of
 * bench/staff.ts (50 staff, 5 s warm-up, FLOOR_SECONDS measured) runs against app1 directly.
 * Prints and writes (docs/performance.md, block "floor-profile"): requests/s, p50/p99 by request
 * kind, statements per request and the heaviest statements, the instance's heaviest functions.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { freePorts, root, waitFor } from '../tests/support/processes';
import { running, stopChild as stop } from '../scripts/process-support';
import { heaviest, type CpuProfile } from './cpu-profile';
import { writeBlock } from './doc-block';
import { benchRun, cpuSample, cpuText, FLOOR, FLOOR_USERS, forgetEarlierRunsPg, launch, postgresPidsIn, tail } from './floor-support';
import { measure, percentile, runFloor, signIn, type Kind } from './staff';

const { staff: STAFF, seconds: SECONDS, warmup: WARMUP } = FLOOR;
const clusterDir = path.resolve(root, process.env.FLOOR_CLUSTER_DIR ?? 'data/bench-floor-cluster');
const pgDir = path.join(clusterDir, 'pg');
const autoConf = path.join(pgDir, 'postgresql.auto.conf');
const PRELOAD = "shared_preload_libraries = 'pg_stat_statements' # bench:floor-profile, removed when it ends";
const log = path.join(clusterDir, 'floor-profile-launcher.log');
const profiles = fs.mkdtempSync(path.join(os.tmpdir(), 'floor-profile-'));
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'floor-profile-static-'));
const say = (line: string) => console.log(`[floor-profile] ${line}`);
let launcher: ChildProcess | null = null;

/** pg_stat_statements for this run only: in the data directory's auto.conf while it runs (a bench's own cluster). */
function preload(on: boolean) {
  if (!fs.existsSync(autoConf)) return;
  const kept = fs.readFileSync(autoConf, 'utf8').split('\n').filter((l) => l.trim() !== '' && l !== PRELOAD);
  fs.writeFileSync(autoConf, `${[...kept, ...(on ? [PRELOAD] : [])].join('\n')}\n`);
}

async function cleanup() {
  if (running(launcher) && !(await stop(launcher, 'SIGINT', 90_000))) launcher.kill('SIGKILL');
  preload(false);
  fs.rmSync(staticDir, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

await benchRun(async () => {
  const port = await freePorts([0, 1, 2, 3, 4, 5]);
  const pgPort = port + 4;
  const psql = (sql: string) => spawnSync('bash', [path.join(root, 'scripts', 'pg-cluster.sh'), 'psql', pgDir, String(pgPort), '-d', 'crm', '-AtF', '\t', '-c', sql], { cwd: root, encoding: 'utf8' }).stdout.trim();
  preload(fs.existsSync(pgDir));
  say(`npm run start:cluster (data in ${path.relative(root, clusterDir)}, app1 and app2 under --cpu-prof), output in ${path.relative(root, log)}…`);
  launcher = launch('scripts/cluster.ts', { PORT: String(port), HOST: '127.0.0.1', CLUSTER_INSTANCES: '2', CLUSTER_DIR: clusterDir, CLUSTER_PG_PORT: String(pgPort), CLUSTER_STATS_PORT: String(port + 5), STATIC_DIR: staticDir, CLUSTER_CPU_PROF_DIR: profiles }, log);
  const up = () => fs.existsSync(log) && fs.readFileSync(log, 'utf8').includes('Ctrl+C detiene todo');
  await waitFor(() => !running(launcher) || up(), 1_200_000, 500);
  if (!up()) throw new Error(`the cluster did not start:\n${tail(log)}`);
  // A first start seeds without the library: loaded from the next start on.
  if (!fs.readFileSync(autoConf, 'utf8').includes(PRELOAD)) throw new Error('the cluster was seeded just now: run bench:floor-profile again');
  forgetEarlierRunsPg(pgDir, pgPort);
  psql('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const base = `http://127.0.0.1:${port + 1}`;
  const tokens = await signIn(base, FLOOR_USERS, STAFF, `floor-profile-${Date.now()}`);
  const app1 = () => Number(fs.readFileSync(path.join(clusterDir, 'app1.pid'), 'utf8'));
  const pids = () => [app1(), ...postgresPidsIn(pgDir)];
  const cpu: ReturnType<typeof cpuSample>[] = [];
  say(`the floor on app1 directly: ${STAFF} staff, ${WARMUP} s warm-up + ${SECONDS} s measured…`);
  const run = await runFloor({ base, tokens, notePrefix: 'floor profile ', seconds: WARMUP + SECONDS }, () => {
    setTimeout(() => {
      psql('SELECT pg_stat_statements_reset()');
      cpu.push(cpuSample(pids()));
    }, WARMUP * 1000);
  });
  cpu.push(cpuSample(pids()));
  const m = measure(run.sent, WARMUP * 1000, (WARMUP + SECONDS) * 1000);
  const statements = psql(`SELECT calls, round(total_exec_time::numeric, 1), regexp_replace(query, '\\s+', ' ', 'g') FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY calls DESC`)
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t'))
    .map(([calls, ms, query]) => ({ calls: Number(calls), ms: Number(ms), query: query! }));
  const all = statements.reduce((n, s) => n + s.calls, 0);
  const kinds: Kind[] = ['list', 'offers', 'notes', 'note'];
  const by = (kind: Kind) => run.sent.filter((s) => s.kind === kind && s.start >= WARMUP * 1000).map((s) => s.ms).sort((a, b) => a - b);
  launcher.kill('SIGINT');
  await stop(launcher, 'SIGINT', 90_000);
  const file = fs.readdirSync(profiles).find((f) => f.startsWith('app1'));
  if (!file) throw new Error(`app1 wrote no profile in ${profiles}`);
  const heavy = heaviest(JSON.parse(fs.readFileSync(path.join(profiles, file), 'utf8')) as CpuProfile);
  const self = heavy.slice(1, 1 + 12);
  const inclusive = heavy.slice(heavy.indexOf("inclusive (the server's own functions):") + 1).slice(0, 12);
  const text = [
    `One PostgreSQL instance of \`npm run start:cluster\` (app1, reached directly; app2 idle) under \`--cpu-prof\`, PostgreSQL 15 with \`pg_stat_statements\`; the floor of bench/staff.ts (${STAFF} staff: the closed-orders list, an order's offers and notes, a note every fourth turn), ${WARMUP} s of warm-up then ${SECONDS} s measured; everything on one ${os.cpus().length}-core machine, Node ${process.version}. The profiler itself costs some of the instance's CPU: the figures are for reading where time goes, not for comparing with \`bench:floor\`'s table. Times in ms.`,
    '',
    `${m.rps.toFixed(0)} requests/s, p50 ${m.p50.toFixed(0)}, p99 ${m.p99.toFixed(0)}, ${m.errors} errors; CPU ${cpuText(cpu)}. **${(all / m.requests).toFixed(2)} statements per request** (${all.toLocaleString('en')} for ${m.requests.toLocaleString('en')} requests).`,
    '',
    '| request | count | p50 | p99 |',
    '|---|---:|---:|---:|',
    ...kinds.map((k) => by(k)).map((xs, i) => `| ${kinds[i]} | ${xs.length} | ${percentile(xs, 50).toFixed(0)} | ${percentile(xs, 99).toFixed(0)} |`),
    '',
    '| statement (by calls) | calls | per request | total ms in PostgreSQL |',
    '|---|---:|---:|---:|',
    ...statements.slice(0, 14).map((s) => `| \`${s.query.slice(0, 110).replaceAll('|', '\\|')}${s.query.length > 110 ? '…' : ''}\` | ${s.calls} | ${(s.calls / m.requests).toFixed(2)} | ${s.ms.toFixed(0)} |`),
    '',
    "The instance's heaviest functions, self time (of all its samples, idle included):",
    '',
    ...self.map((l) => `- ${l.trim()}`),
    '',
    "The server's own functions, inclusive:",
    '',
    ...inclusive.map((l) => `- ${l.trim()}`),
  ].join('\n');
  console.log(`\n${text}\n`);
  writeBlock('floor-profile', 'npm run bench:floor-profile', text);
  say(`written to docs/performance.md (block "floor-profile"); the profile: ${path.join(profiles, file)}`);
}, cleanup);
