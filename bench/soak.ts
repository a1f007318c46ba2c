/**
 * `npm run bench:soak` (issue 42 §4): the staff floor for SOAK_MINUTES (30) on the highly
 * available cluster (`CLUSTER_HA=1 npm run start:cluster`: etcd, two PostgreSQL nodes under
 * Patroni, two instances, HAProxy), with a fault at the start of every window (SOAK_WINDOW s, 180)
 * but the first and the last, in turn: a rolling deploy, a failover, a switchover back, a database
 * restart, a kill -9 of an instance, an HAProxy reload; then again from the failover. Writes to
 * docs/performance.md (block "soak") a row per window — requests, req/s, p50/p99, the longest,
 * errors, retries, when the last error ended after the fault, each instance's RSS and open file
 * descriptors, the database's connections — and the goals: every fault window back to no errors
 * within 10 s of the fault's end (30 s for a failover), each instance's RSS from minute 5 to the
 * end grows ≤ 10 %, the last quiet window's p99 within 20 % of the first's, acknowledged = stored.
 *
 *   npm run bench:soak
 *   SOAK_MINUTES=8 SOAK_WINDOW=60 npm run bench:soak     (every fault once, 8 minutes)
 *
 * Memory is judged per process: a process started again by a fault (the rolling deploy at the first
 * fault, the kill -9 of app2 later) is judged from its own fifth minute, not the run's — a process
 * two minutes old has not reached its working size, which is warm-up, not a leak. The letter's
 * reading (the run's minute 5 to the end, whatever restarted in between) is printed beside it.
 *
 * Data: data/bench-soak-cluster/ (SOAK_DIR), seeded at SCALE=demo on first use and kept; the ports
 * are fixed from SOAK_PORT (18600: the console; +1, +2 the instances; +50 the database through
 * HAProxy; +51/+52 the nodes; +60/+61 etcd; +71/+72 Patroni's REST API; +80 HAProxy's statistics),
 * because etcd keeps its peers' addresses in its data. Output: SOAK_DIR/soak-launcher.log.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { httpStatus, portFree, postmasterIn, running, stopChild, which } from '../scripts/process-support';
import { root, waitFor } from '../tests/support/processes';
import { writeBlock } from './doc-block';
import { benchRun, checkNotes, cpuSample, EARLIER_RUNS_PG, FLOOR_USERS, launch, num, pgNotes, ready, tail, type CpuSample } from './floor-support';
import { measure, runFloor, signIn, type Kind } from './staff';

const KINDS: Kind[] = ['list', 'offers', 'notes', 'note'];

const STAFF = num('SOAK_STAFF', 50);
const MINUTES = num('SOAK_MINUTES', 30);
const WINDOW = num('SOAK_WINDOW', 180) * 1000;
const PORT = num('SOAK_PORT', 18600);
const WINDOWS = Math.floor((MINUTES * 60_000) / WINDOW);
const TOTAL = WINDOWS * WINDOW;
/** Memory is judged from a process's own minute 5 on (the first minutes warm the caches and the compiler), and not before the run's. */
const RSS_FROM = Math.min(5 * 60_000, TOTAL / 3);
/** A process is judged when that span is at least this long: long enough for a leak to show. */
const RSS_SPAN = TOTAL / 4;
const dir = path.resolve(root, process.env.SOAK_DIR ?? 'data/bench-soak-cluster');
const log = path.join(dir, 'soak-launcher.log');
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-soak-static-')); // empty: the API only
const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const prefix = `soak ${runId} `;
const INSTANCES = ['app1', 'app2'];
const NODES = [
  { name: 'pg1', rest: PORT + 71 },
  { name: 'pg2', rest: PORT + 72 },
];
const say = (line: string) => console.log(`[soak] ${line}`);
const at = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const pidOf = (name: string) => {
  try {
    return Number(fs.readFileSync(path.join(dir, `${name}.pid`), 'utf8').trim()) || 0;
  } catch {
    return 0;
  }
};
const postmasterOf = (node: string) => postmasterIn(path.join(dir, 'ha', node));
const leader = async () => {
  for (const n of NODES) if ((await httpStatus(`http://127.0.0.1:${n.rest}/primary`)) === 200) return n.name;
  return null;
};
const syncStandby = async () => {
  for (const n of NODES) if ((await httpStatus(`http://127.0.0.1:${n.rest}/sync`)) === 200) return n.name;
  return null;
};
const databaseUrl = () => `postgres://crm:${fs.readFileSync(path.join(dir, 'pg-password'), 'utf8').trim()}@127.0.0.1:${PORT + 50}/crm`;
/** A program run to its end without stopping this process's event loop (the floor runs meanwhile). */
function run(program: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
const patronictl = (node: string, ...args: string[]) => run(which('patronictl') ?? 'patronictl', ['-c', path.join(dir, 'ha', `${node}.yml`), ...args]);

/** One fault: what it did, with its end (ms on the floor's clock) and how long errors may last after it. */
interface Fault {
  kind: string;
  text: string;
  start: number;
  end: number;
  allowance: number;
  failed?: string;
}
type Act = (now: () => number) => Promise<{ text: string; allowance?: number }>;

const FAULTS: Record<string, Act> = {
  'rolling deploy': async () => {
    const took: string[] = [];
    for (const [i, name] of INSTANCES.entries()) {
      const pid = pidOf(name);
      const began = performance.now();
      process.kill(pid, 'SIGTERM');
      const back = await waitFor(async () => pidOf(name) !== pid && (await ready(`http://127.0.0.1:${PORT + i + 1}/ready`)), 90_000, 250);
      if (!back) throw new Error(`${name} did not come back within 90 s`);
      took.push(`${name} ${sec(performance.now() - began)}`);
    }
    return { text: `SIGTERM to each instance in turn, the next once the last is ready again (${took.join(', ')})` };
  },
  failover: async (now) => {
    const dead = await leader();
    if (!dead) throw new Error('no leader before the failover');
    process.kill(pidOf(dead), 'SIGKILL');
    process.kill(postmasterOf(dead)!, 'SIGKILL');
    const killed = now();
    void waitFor(async () => !!(await leader()) && (await leader()) !== dead, 60_000, 250).then((ok) => say(`    ${ok ? `new leader ${sec(now() - killed)} after the kill` : 'no new leader within 60 s'}`));
    return { text: `kill -9 of ${dead}'s Patroni and PostgreSQL (the leader)`, allowance: 30_000 };
  },
  'switchover back': async () => {
    const from = await leader();
    if (!from) throw new Error('no leader before the switchover');
    const to = NODES.find((n) => n.name !== from)!.name;
    // The node lost in the failover is back as the synchronous standby (pg_rewind) before it can lead.
    if (!(await waitFor(async () => (await syncStandby()) === to, 120_000, 500))) throw new Error(`${to} is not the synchronous standby after 120 s`);
    const began = performance.now();
    const done = await patronictl(from, 'switchover', '--leader', from, '--candidate', to, '--force');
    if (done.code !== 0) throw new Error(`patronictl switchover: ${done.output.trim()}`);
    await waitFor(async () => (await leader()) === to, 30_000, 250);
    return { text: `patronictl switchover ${from} → ${to} (${sec(performance.now() - began)}, ${to} waited for as the sync standby)` };
  },
  'database restart': async () => {
    const node = await leader();
    if (!node) throw new Error('no leader before the restart');
    const began = performance.now();
    const done = await patronictl(node, 'restart', 'crm', node, '--force');
    if (done.code !== 0) throw new Error(`patronictl restart: ${done.output.trim()}`);
    return { text: `patronictl restart of the leader ${node}'s PostgreSQL (${sec(performance.now() - began)})` };
  },
  'kill -9 of an instance': async () => {
    const pid = pidOf('app2');
    process.kill(pid, 'SIGKILL');
    return { text: `kill -9 app2 (pid ${pid}; the launcher starts it again)` };
  },
  'HAProxy reload': async () => {
    process.kill(launcher!.pid!, 'SIGUSR2');
    return { text: 'SIGUSR2 to the launcher: HAProxy starts a new worker, the old one leaves within 30 s' };
  },
};
/** The fault at the start of window k (1 … WINDOWS − 2): each once, then again from the failover. */
const kinds = Object.keys(FAULTS);
const faultOf = (k: number) => (k <= kinds.length ? kinds[k - 1]! : kinds[1 + ((k - 1 - kinds.length) % (kinds.length - 1))]!);

/** Every 10 s: each instance's pid, RSS and open descriptors, the database's connections, the machine's CPU. */
interface Sample {
  at: number;
  apps: { name: string; pid: number; rssMb: number; fds: number }[];
  connections: number | null;
  cpu: CpuSample;
}
function procOf(name: string) {
  const pid = pidOf(name);
  try {
    const rss = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
    return { name, pid, rssMb: rss, fds: fs.readdirSync(`/proc/${pid}/fd`).length };
  } catch {
    return { name, pid, rssMb: NaN, fds: NaN };
  }
}
async function connections(): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl(), connectionTimeoutMillis: 2000, query_timeout: 2000 });
  client.on('error', () => undefined); // a connection cut by a fault: this sample has no count
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'crm' AND pid <> pg_backend_pid()");
    return rows[0]!.n;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let launcher: ReturnType<typeof launch> | null = null;

async function start() {
  fs.mkdirSync(dir, { recursive: true });
  const ports = [0, 1, 2, 50, 51, 52, 60, 61, 71, 72, 80].map((o) => PORT + o);
  for (const p of ports) if (!(await portFree(p))) throw new Error(`port ${p} is busy (SOAK_PORT ${PORT} and the offsets in bench/soak.ts): stop what holds it or set SOAK_PORT`);
  say(`CLUSTER_HA=1 npm run start:cluster on port ${PORT} (data in ${path.relative(root, dir)}, seeded on first use), output in ${path.relative(root, log)}…`);
  launcher = launch(
    'scripts/cluster.ts',
    { CLUSTER_HA: '1', PORT: String(PORT), HOST: '127.0.0.1', CLUSTER_DIR: dir, CLUSTER_PG_PORT: String(PORT + 50), CLUSTER_STATS_PORT: String(PORT + 80), STATIC_DIR: staticDir },
    log,
  );
  const started = () => fs.readFileSync(log, 'utf8').includes('Ctrl+C detiene todo');
  await waitFor(() => !running(launcher) || started(), 1_800_000, 500);
  if (!running(launcher) || !started()) throw new Error(`the cluster did not start:\n${tail(log)}`);
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  for (const sql of EARLIER_RUNS_PG) await client.query(sql);
  await client.end();
}

async function soak() {
  const base = `http://127.0.0.1:${PORT}`;
  const tokens = await signIn(base, FLOOR_USERS, STAFF, `soak-${runId}`);
  const faults: Fault[] = [];
  const samples: Sample[] = [];
  say(`${STAFF} staff for ${MINUTES} min: ${WINDOWS} windows of ${sec(WINDOW)}, a fault at the start of windows 2–${WINDOWS - 1}`);
  const floor = await runFloor({ base, tokens, notePrefix: prefix, seconds: TOTAL / 1000 }, (origin) => {
    const now = () => performance.now() - origin;
    const sample = async () => samples.push({ at: now(), apps: INSTANCES.map(procOf), connections: await connections(), cpu: cpuSample([]) });
    void sample();
    const sampler = setInterval(() => void sample(), 10_000);
    setTimeout(() => clearInterval(sampler), TOTAL - 500);
    for (let k = 1; k < WINDOWS - 1; k++) {
      setTimeout(() => {
        const kind = faultOf(k);
        const fault: Fault = { kind, text: '', start: now(), end: NaN, allowance: 10_000 };
        faults[k] = fault;
        say(`  ${at(fault.start)} ${kind}…`);
        FAULTS[kind]!(now).then(
          (done) => Object.assign(fault, { text: done.text, end: now(), allowance: done.allowance ?? 10_000 }),
          (error: unknown) => Object.assign(fault, { failed: error instanceof Error ? error.message : String(error), end: now() }),
        ).then(() => say(`  ${at(fault.end)} ${kind}: ${fault.failed ? `**failed**: ${fault.failed}` : fault.text}`));
      }, k * WINDOW);
    }
  });
  return { floor, faults, samples, notes: checkNotes(floor.notes, await pgNotes(databaseUrl)(prefix)) };
}

function table({ floor, faults, samples, notes }: Awaited<ReturnType<typeof soak>>) {
  const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
  const rows = Array.from({ length: WINDOWS }, (_, k) => {
    const from = k * WINDOW;
    const to = from + WINDOW;
    const m = measure(floor.sent, from, to, 'end');
    const f = faults[k];
    const inWindow = samples.filter((s) => s.at >= from && s.at < to);
    const last = inWindow.at(-1);
    const errorsAfter = f && m.lastErrorEnd > f.end ? m.lastErrorEnd - f.end : null;
    const recovered = !f || (!f.failed && (errorsAfter === null || errorsAfter <= f.allowance));
    const cpu = inWindow.length > 1 ? 100 * (1 - (inWindow.at(-1)!.cpu.idle - inWindow[0]!.cpu.idle) / (inWindow.at(-1)!.cpu.total - inWindow[0]!.cpu.total)) : NaN;
    const conns = inWindow.map((s) => s.connections).filter((n): n is number => n !== null);
    return { k, from, to, m, f, last, errorsAfter, recovered, cpu, conns };
  });
  // Memory: the process of each instance alive at the end, from its own minute RSS_FROM (or the run's, if later) to the end.
  const mb = (a: { rssMb: number }) => `${a.rssMb.toFixed(0)} MB`;
  const pct = (from: number, to: number) => (100 * (to - from)) / from;
  const signed = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)} %`;
  const memory = INSTANCES.map((name) => {
    const mine = samples.map((s) => ({ at: s.at, ...s.apps.find((a) => a.name === name)! })).filter((a) => Number.isFinite(a.rssMb));
    const end = mine.at(-1);
    if (!end) return { name, judged: false, growth: NaN, text: `${name}: no samples` };
    const span = mine.filter((a) => a.pid === end.pid);
    const original = span[0] === mine[0];
    const started = original ? 0 : span[0]!.at; // within a sample (10 s) of its start; the first processes: the run's start
    const from = Math.max(RSS_FROM, started + RSS_FROM);
    const first = span.find((a) => a.at >= from);
    const judged = !!first && end.at - first.at >= RSS_SPAN;
    const growth = first ? pct(first.rssMb, end.rssMb) : NaN;
    // The letter: the run's minute RSS_FROM to the end, whichever process held the name.
    const letter = mine.find((a) => a.at >= RSS_FROM);
    const restarted = letter && letter.pid !== end.pid ? ' (another process by the end)' : '';
    const own = first
      ? `${name} (pid ${end.pid}, ${original ? '' : `started at ${at(started)}, `}judged ${at(first.at)}–${at(end.at)}${judged ? '' : `, shorter than ${at(RSS_SPAN)}: not judged`}): ${mb(first)} → ${mb(end)} (${signed(growth)}), descriptors ${first.fds} → ${end.fds}`
      : `${name} (pid ${end.pid}, started at ${at(started)}): not yet at its minute ${at(RSS_FROM)} by the end`;
    const byLetter = letter ? `; by the run's minutes, ${at(letter.at)}–${at(end.at)}: ${mb(letter)} → ${mb(end)} (${signed(pct(letter.rssMb, end.rssMb))})${restarted}` : '';
    return { name, judged, growth, text: own + byLetter };
  });
  const judged = memory.filter((m) => m.judged);
  const [q1, q2] = [rows[0]!.m.p99, rows.at(-1)!.m.p99];
  const byKind = (k: number, kind: Kind) => measure(floor.sent.filter((s) => s.kind === kind), k * WINDOW, (k + 1) * WINDOW, 'end').p99;
  const all = measure(floor.sent, 0, TOTAL + 60_000, 'end');
  return [
    `SCALE=demo, \`CLUSTER_HA=1 npm run start:cluster\`: etcd, two PostgreSQL 15 nodes under Patroni (synchronous), 2 instances, HAProxy (master-worker) in front of both the instances and the database. ${STAFF} virtual staff in one load process for ${MINUTES} minutes, the floor of \`bench:floor\` (the closed-orders list, an order's offers and notes, a note every fourth turn; the console's retries and Idempotency-Keys). A fault at the start of each ${sec(WINDOW)} window but the first and the last. Windows by when each request ended; "last error after" is when the last failed request of the window ended after the fault's end (—: none failed); the goal is ≤ 10 s (≤ 30 s for a failover). RSS and open file descriptors of each instance and the database's connections (pg_stat_activity for the console's database, through HAProxy) sampled every 10 s: the window's last sample (its pid when it changed); connections as min–max of the window. CPU: the whole machine's busy share over the window. One ${process.platform} machine, ${os.cpus().length} cores, Node ${process.version}, everything on it. Times in ms.`,
    '',
    '| window | fault | requests | req/s | p50 | p99 | longest | errors | sent again | last error after | back in time | app1 MB / fds | app2 MB / fds | DB connections | CPU |',
    '|---|---|---:|---:|---:|---:|---:|---|---|---:|---|---|---|---|---:|',
    ...rows.map((r) => {
      const app = (name: string) => {
        const a = r.last?.apps.find((x) => x.name === name);
        return a && Number.isFinite(a.rssMb) ? `${a.rssMb.toFixed(0)} / ${a.fds} (pid ${a.pid})` : '—';
      };
      const fault = r.f ? `${r.f.kind}: ${r.f.failed ? `**failed: ${r.f.failed}**` : r.f.text}; ended ${sec(r.f.end - r.f.start)} after it began` : 'none (quiet)';
      return `| ${at(r.from)}–${at(r.to)} | ${fault} | ${r.m.requests} | ${r.m.rps.toFixed(0)} | ${fmt(r.m.p50)} | ${fmt(r.m.p99)} | ${fmt(r.m.longest?.ms ?? 0)} | ${r.m.errors}${r.m.byStatus ? ` (${r.m.byStatus})` : ''} | ${r.m.retried}${r.m.retriedFor ? ` (${r.m.retriedFor})` : ''} | ${r.errorsAfter === null ? '—' : sec(r.errorsAfter)} | ${r.f ? yes(r.recovered) : '—'} | ${app('app1')} | ${app('app2')} | ${r.conns.length ? `${Math.min(...r.conns)}–${Math.max(...r.conns)}` : '—'} | ${Number.isFinite(r.cpu) ? `${r.cpu.toFixed(0)} %` : '—'} |`;
    }),
    '',
    `- Every fault window back to no errors in time: ${yes(rows.every((r) => r.recovered))}.`,
    `- Memory, each instance's process from its own minute ${at(RSS_FROM)} (and not before the run's) to the end, judged when that is at least ${at(RSS_SPAN)} (≤ 10 % growth: ${judged.length ? yes(judged.every((m) => m.growth <= 10)) : '**none was judged**'}): ${memory.map((m) => m.text).join('; ')}.`,
    `- p99 of the last quiet window against the first: ${fmt(q2)} / ${fmt(q1)} ms = ${(q2 / q1).toFixed(2)} (≤ 1.20: ${yes(q2 <= 1.2 * q1)}); by kind, first → last: ${KINDS.map((kind) => `${kind} ${fmt(byKind(0, kind))} → ${fmt(byKind(WINDOWS - 1, kind))}`).join(', ')}.`,
    `- The whole run: ${all.requests} requests, ${all.errors} errors${all.byStatus ? ` (${all.byStatus})` : ''}, ${all.retried} sent again, longest ${all.longest ? `${sec(all.longest.ms)} (${all.longest.kind}, final ${all.longest.status || all.longest.failure}, ${all.longest.attempts} attempts)` : '—'}.`,
    `- Notes: ${notes.sentence}: acknowledged = stored, none twice: ${yes(notes.ok)}.`,
  ].join('\n');
}

async function cleanup() {
  if (running(launcher)) {
    say('stopping the cluster (SIGINT to the launcher)…');
    if (!(await stopChild(launcher, 'SIGINT', 120_000))) say(`the launcher did not stop within 2 minutes: killed; see ${path.relative(root, log)}`);
  }
  fs.rmSync(staticDir, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

await benchRun(async () => {
  if (WINDOWS < 3) throw new Error('SOAK_MINUTES × 60 / SOAK_WINDOW must give at least 3 windows (a quiet one, a fault, a quiet one)');
  await start();
  const result = await soak();
  const text = table(result);
  console.log(`\n${text}\n`);
  if (!running(launcher)) throw new Error(`the launcher ended during the soak:\n${tail(log)}`);
  writeBlock('soak', `npm run bench:soak${MINUTES !== 30 || WINDOW !== 180_000 ? ` (SOAK_MINUTES=${MINUTES} SOAK_WINDOW=${WINDOW / 1000})` : ''}`, text);
  say('written to docs/performance.md (block "soak")');
}, cleanup);
