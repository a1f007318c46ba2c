/**
 * `npm run bench:floor` (issue 24): the staff floor, in one run, on one SQLite instance and on
 * PostgreSQL behind HAProxy (`npm run start:cluster`), then the same floor through a database
 * restart and a `kill -9` of one instance. FLOOR_STAFF (50) virtual staff (bench/staff.ts) loop on
 * the closed-orders list, an order's offers and its notes, writing a note every fourth turn, with
 * the console's retries. Writes its tables into docs/performance.md (block "floor").
 *
 *   npm run bench:floor
 *   FLOOR_SECONDS=60 FLOOR_STAFF=50 FLOOR_INSTANCES=2 FLOOR_WARMUP=5 npm run bench:floor
 *
 * Data: data/bench-floor.db (FLOOR_DB) and data/bench-floor-cluster/ (FLOOR_CLUSTER_DIR), both
 * seeded at SCALE=demo on first use and kept; each run's notes are told apart by a run id.
 * Output of the processes: data/bench-floor.log and data/bench-floor-cluster/floor-launcher.log.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { alive, freePorts, root, waitFor } from '../tests/support/processes';
import { running, stopChild as stop } from '../scripts/process-support';
import { writeBlock } from './doc-block';
import { measure, runFloor, signIn, type NoteSent } from './staff';

const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
const STAFF = num('FLOOR_STAFF', 50);
const SECONDS = num('FLOOR_SECONDS', 20);
const WARMUP = num('FLOOR_WARMUP', 5);
const INSTANCES = num('FLOOR_INSTANCES', 2);
/** The fault phase: the database restart after RESTART_AT s, the kill KILL_AFTER s later, then AFTER_KILL s more. */
const [RESTART_AT, KILL_AFTER, AFTER_KILL] = [10, 15, 20];
const USERS = ['admin', 'soporte', 'fraude'];
const sqliteFile = path.resolve(root, process.env.FLOOR_DB ?? 'data/bench-floor.db');
const clusterDir = path.resolve(root, process.env.FLOOR_CLUSTER_DIR ?? 'data/bench-floor-cluster');
const pgDir = path.join(clusterDir, 'pg');
const launcherLog = path.join(clusterDir, 'floor-launcher.log');
const pgScript = path.join(root, 'scripts', 'pg-cluster.sh');
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-static-')); // empty: no console build needed
const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const say = (line: string) => console.log(`[floor] ${line}`);
const rel = (p: string) => path.relative(root, p);
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// The children's environment: ours, without what would point them at another database, port or folder.
const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|DATABASE_FILE|PORT|HOST|STATIC_DIR|SEED|SCALE|CLUSTER_\w+)$/.test(k)));

/** `node --import tsx script` as production runs it, its output to a file. */
function launch(script: string, env: Record<string, string>, log: string): ChildProcess {
  const out = fs.openSync(log, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...baseEnv, SCALE: 'demo', STATIC_DIR: staticDir, ...env }, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return child;
}
const ready = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    async (r) => (await r.body?.cancel(), r.status === 200),
    () => false,
  );
const tail = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-20).join('\n') : '');
/** A process's id from its pid file in CLUSTER_DIR; 0 when there is none. */
function pidOf(name: string): number {
  const file = path.join(clusterDir, `${name}.pid`);
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').trim()) || 0 : 0;
}
const postmaster = () => (fs.existsSync(path.join(pgDir, 'postmaster.pid')) ? Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]) : 0);

/** CPU over the measured seconds: the machine's busy share (all cores, /proc/stat), the servers' processes and the load process's own. */
type CpuSample = { idle: number; total: number; servers: number; own: number; at: number };
const statFields = (pid: number | string) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
function cpuSample(pids: number[]): CpuSample {
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  let servers = 0;
  for (const pid of pids) {
    try {
      const f = statFields(pid);
      servers += Number(f[11]) + Number(f[12]); // utime, stime (clock ticks, 100 a second)
    } catch {
      // gone since: its time is lost
    }
  }
  const own = process.cpuUsage();
  return { idle: ticks[3]! + ticks[4]!, total: ticks.reduce((a, b) => a + b, 0), servers, own: own.user + own.system, at: performance.now() };
}
const cpuText = ([a, b]: CpuSample[]) =>
  a && b
    ? `${(100 * (1 - (b.idle - a.idle) / (b.total - a.total))).toFixed(0)} % busy; servers ${((b.servers - a.servers) / 100 / ((b.at - a.at) / 1000)).toFixed(2)} cores; load ${((b.own - a.own) / 1000 / (b.at - a.at)).toFixed(2)} cores`
    : '—';
/** The cluster's processes: the instances, HAProxy, the postmaster and its children (the backends). */
function clusterPids(): number[] {
  const pm = postmaster();
  const children = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => {
    try {
      return Number(statFields(d)[1]) === pm;
    } catch {
      return false;
    }
  });
  return [...Array.from({ length: INSTANCES }, (_, i) => pidOf(`app${i + 1}`)), pidOf('haproxy'), pm, ...children.map(Number)];
}

/** The notes a floor sent against those stored with its texts. */
type Stored = (prefix: string) => Promise<Map<string, number>>;
function checkNotes(notes: NoteSent[], stored: Map<string, number>) {
  const sent = new Set(notes.map((n) => n.text));
  const acked = notes.filter((n) => n.acknowledged);
  const notAcked = notes.filter((n) => !n.acknowledged);
  const c = {
    acked: acked.length,
    rows: [...stored.values()].reduce((a, b) => a + b, 0),
    twice: [...stored.values()].filter((n) => n > 1).length,
    missing: acked.filter((n) => !stored.has(n.text)).length,
    notAcked: notAcked.length,
    notAckedStored: notAcked.filter((n) => stored.has(n.text)).length,
    strangers: [...stored.keys()].filter((t) => !sent.has(t)).length,
  };
  const odd = [
    c.twice && `**${c.twice} stored twice**`,
    c.missing && `**${c.missing} acknowledged but missing**`,
    c.notAcked && `${c.notAcked} not acknowledged (${c.notAckedStored} of them stored)`,
    c.strangers && `**${c.strangers} stored that were never sent**`,
  ].filter(Boolean);
  return { ...c, text: `${c.acked} / ${c.rows}${odd.length ? `; ${odd.join('; ')}` : ''}` };
}
const sqliteNotes: Stored = async (prefix) => {
  const db = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT description AS d, count(*) AS n FROM notes WHERE substr(description, 1, ?) = ? GROUP BY description').all(prefix.length, prefix) as { d: string; n: number }[];
    return new Map(rows.map((r) => [r.d, r.n]));
  } finally {
    db.close();
  }
};
const pgNotes =
  (port: number): Stored =>
  async (prefix) => {
    const password = fs.readFileSync(path.join(clusterDir, 'pg-password'), 'utf8').trim();
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'crm', database: 'crm', password });
    await client.connect();
    try {
      const { rows } = await client.query<{ d: string; n: number }>('SELECT description AS d, count(*)::int AS n FROM notes WHERE starts_with(description, $1) GROUP BY description', [prefix]);
      return new Map(rows.map((r) => [r.d, r.n]));
    } finally {
      await client.end();
    }
  };

/** One line of the table: the floor for WARMUP + SECONDS, measured over the last SECONDS. */
async function floorLine(label: string, base: string, tokens: string[], tag: string, stored: Stored, pids: () => number[]) {
  say(`${label}: ${STAFF} staff, ${WARMUP} s warm-up + ${SECONDS} s measured…`);
  const cpu: CpuSample[] = [];
  const prefix = `floor ${runId} ${tag} `;
  const run = await runFloor({ base, tokens, notePrefix: prefix, seconds: WARMUP + SECONDS }, () => {
    setTimeout(() => cpu.push(cpuSample(pids())), WARMUP * 1000);
    setTimeout(() => cpu.push(cpuSample(pids())), (WARMUP + SECONDS) * 1000);
  });
  const m = measure(run.sent, WARMUP * 1000, (WARMUP + SECONDS) * 1000);
  const notes = checkNotes(run.notes, await stored(prefix));
  const line = { label, m, notes, cpu: cpuText(cpu) };
  say(`  ${m.rps.toFixed(0)} req/s, p50 ${fmt(m.p50)} ms, p99 ${fmt(m.p99)} ms, ${m.errors} errors${m.byStatus ? ` (${m.byStatus})` : ''}; notes acknowledged / stored ${notes.text}; CPU ${line.cpu}`);
  return line;
}
type Line = Awaited<ReturnType<typeof floorLine>>;

let sqlite: ChildProcess | null = null;
let launcher: ChildProcess | null = null;

/**
 * Earlier runs' notes are removed before a run: the floor writes hundreds a second to the same
 * fifteen orders, whose notes lists (and their counts) would otherwise grow run after run and make
 * runs incomparable. Their keys go too.
 */
const EARLIER_RUNS = `DELETE FROM notes WHERE description LIKE 'floor %' OR description LIKE 'quick %'; DELETE FROM request_steps`;

async function sqlitePhase(): Promise<Line> {
  fs.mkdirSync(path.dirname(sqliteFile), { recursive: true });
  if (fs.existsSync(sqliteFile)) {
    const db = new Database(sqliteFile);
    db.exec(EARLIER_RUNS);
    db.close();
  }
  const port = await freePorts();
  const base = `http://127.0.0.1:${port}`;
  const log = sqliteFile.replace(/\.db$/, '') + '.log';
  say(`SQLite: one instance on ${rel(sqliteFile)} (seeded at SCALE=demo on first use), output in ${rel(log)}…`);
  sqlite = launch('server/main.ts', { PORT: String(port), HOST: '127.0.0.1', DATABASE_FILE: sqliteFile }, log);
  await waitFor(async () => !running(sqlite) || (await ready(`${base}/ready`)), 900_000, 250);
  if (!running(sqlite) || !(await ready(`${base}/ready`))) throw new Error(`the SQLite instance did not start:\n${tail(log)}`);
  const tokens = await signIn(base, USERS, STAFF, `floor-${runId}`);
  const line = await floorLine('SQLite, 1 instance', base, tokens, 'sqlite', sqliteNotes, () => [sqlite!.pid!]);
  await stop(sqlite, 'SIGTERM', 30_000);
  return line;
}

async function clusterPhases() {
  const port = await freePorts(Array.from({ length: INSTANCES + 3 }, (_, i) => i));
  const [pgPort, statsPort] = [port + INSTANCES + 1, port + INSTANCES + 2];
  fs.mkdirSync(clusterDir, { recursive: true });
  for (const name of [...Array.from({ length: INSTANCES }, (_, i) => `app${i + 1}`), 'haproxy']) {
    const pid = pidOf(name);
    if (pid && alive(pid)) throw new Error(`${name} of an earlier run still runs (pid ${pid}, ${rel(clusterDir)}/${name}.pid): stop it first`);
  }
  // A PostgreSQL an earlier run left running would keep its old port.
  spawnSync('bash', [pgScript, 'down', pgDir], { cwd: root, stdio: 'inherit' });
  say(`PostgreSQL ×${INSTANCES} + HAProxy: npm run start:cluster on port ${port} (data in ${rel(clusterDir)}, seeded on first use), output in ${rel(launcherLog)}…`);
  launcher = launch(
    'scripts/cluster.ts',
    { PORT: String(port), HOST: '127.0.0.1', CLUSTER_INSTANCES: String(INSTANCES), CLUSTER_DIR: clusterDir, CLUSTER_PG_PORT: String(pgPort), CLUSTER_STATS_PORT: String(statsPort) },
    launcherLog,
  );
  await waitFor(() => !running(launcher) || fs.readFileSync(launcherLog, 'utf8').includes('Ctrl+C detiene todo'), 1_200_000, 500);
  if (!running(launcher) || !fs.readFileSync(launcherLog, 'utf8').includes('Ctrl+C detiene todo')) throw new Error(`the cluster did not start:\n${tail(launcherLog)}`);
  const base = `http://127.0.0.1:${port}`;
  spawnSync('bash', [pgScript, 'psql', pgDir, String(pgPort), '-d', 'crm', '-qc', EARLIER_RUNS], { cwd: root, stdio: 'inherit' });
  const tokens = await signIn(base, USERS, STAFF, `floor-${runId}`);
  const stored = pgNotes(pgPort);
  const lines = [await floorLine(`PostgreSQL, ${INSTANCES} instances + HAProxy`, base, tokens, 'haproxy', stored, clusterPids)];
  lines.push(await floorLine('PostgreSQL, 1 instance (app1 directly, no HAProxy; the others idle)', `http://127.0.0.1:${port + 1}`, tokens, 'direct', stored, clusterPids));
  return { lines, faults: await faultPhase(base, port, tokens, stored) };
}

/** The floor through HAProxy for 45 s: a database restart at 10 s, kill -9 of the last instance at 25 s. */
async function faultPhase(base: string, port: number, tokens: string[], stored: Stored) {
  const names = Array.from({ length: INSTANCES }, (_, i) => `app${i + 1}`);
  const victim = names.at(-1)!;
  const before = { haproxy: pidOf('haproxy'), postmaster: postmaster(), ...Object.fromEntries(names.map((n) => [n, pidOf(n)])) } as Record<string, number>;
  const logFrom = fs.statSync(launcherLog).size;
  const ev = { restartAt: NaN, restartMs: NaN, restartCode: null as number | null, postmasterAfter: 0, killAt: NaN, killed: 0, backAt: NaN };
  let launcherEnded = '';
  launcher!.once('exit', (code, signal) => (launcherEnded = String(signal ?? code)));
  const total = (RESTART_AT + KILL_AFTER + AFTER_KILL) * 1000;
  const prefix = `floor ${runId} faults `;
  say(`faults: the floor through HAProxy for ${sec(total)}; database restart at ${RESTART_AT} s, kill -9 ${victim} ${KILL_AFTER} s later…`);
  const run = await runFloor({ base, tokens, notePrefix: prefix, seconds: total / 1000 }, (origin) => {
    const now = () => performance.now() - origin;
    setTimeout(() => {
      ev.restartAt = now();
      say(`  +${sec(ev.restartAt)}: bash scripts/pg-cluster.sh restart ${rel(pgDir)}`);
      spawn('bash', [pgScript, 'restart', pgDir], { cwd: root, stdio: 'ignore' }).once('exit', (code) => {
        ev.restartMs = now() - ev.restartAt;
        ev.restartCode = code;
        ev.postmasterAfter = postmaster();
        say(`  +${sec(now())}: PostgreSQL restarted (exit ${code}, ${sec(ev.restartMs)}), postmaster ${before.postmaster} → ${ev.postmasterAfter}`);
      });
    }, RESTART_AT * 1000);
    setTimeout(
      () => {
        ev.killed = pidOf(victim);
        ev.killAt = now();
        say(`  +${sec(ev.killAt)}: kill -9 ${victim} (pid ${ev.killed})`);
        try {
          process.kill(ev.killed, 'SIGKILL');
        } catch (error) {
          say(`  kill -9 ${victim} failed: ${String(error)}`); // reported below: "not back" / pids
        }
        void waitFor(async () => pidOf(victim) !== ev.killed && (await ready(`http://127.0.0.1:${port + INSTANCES}/ready`)), 60_000, 250).then((back) => {
          if (back) say(`  +${sec((ev.backAt = now()))}: ${victim} is back (pid ${pidOf(victim)}), /ready 200`);
        });
      },
      (RESTART_AT + KILL_AFTER) * 1000,
    );
  });
  // The windows by the time each request ended: when the person saw its answer.
  const lastErrorAfter = (from: number, to: number) => {
    const ends = run.sent.filter((s) => (s.status < 200 || s.status >= 300) && s.start + s.ms >= from && s.start + s.ms < to).map((s) => s.start + s.ms - from);
    return ends.length ? Math.max(...ends) : null;
  };
  const windows = [
    { label: 'before the faults', from: 0, to: ev.restartAt, last: null },
    { label: `database restart (pg_ctl restart -m fast, ${sec(ev.restartMs)}${ev.restartCode ? `, **exit ${ev.restartCode}**` : ''})`, from: ev.restartAt, to: ev.killAt, last: lastErrorAfter(ev.restartAt, ev.killAt) },
    { label: `kill -9 ${victim} (${victim} back after ${Number.isNaN(ev.backAt) ? '—' : sec(ev.backAt - ev.killAt)})`, from: ev.killAt, to: Infinity, last: lastErrorAfter(ev.killAt, Infinity) },
  ].map((w) => ({ ...w, m: measure(run.sent, w.from, w.to, 'end') }));
  const all = measure(run.sent, 0, Infinity, 'end');
  const exits: string[] = [];
  if (!running(launcher)) exits.push(`the launcher (${launcherEnded})`);
  for (const n of names.filter((n) => n !== victim)) if (!alive(before[n]!) || pidOf(n) !== before[n]) exits.push(`${n} (pid ${before[n]} → ${pidOf(n)})`);
  if (!alive(before.haproxy!) || pidOf('haproxy') !== before.haproxy) exits.push(`HAProxy (pid ${before.haproxy})`);
  if (!ev.postmasterAfter || postmaster() !== ev.postmasterAfter || !alive(ev.postmasterAfter)) exits.push(`the postmaster after the restart (pid ${ev.postmasterAfter} → ${postmaster()})`);
  if (!alive(pidOf(victim)) || pidOf(victim) === ev.killed) exits.push(`${victim} is not back`);
  const ended = Buffer.from(fs.readFileSync(launcherLog).subarray(logFrom)).toString('utf8').split('\n').filter((l) => /^\[cluster\] .*terminó/.test(l));
  const notes = checkNotes(run.notes, await stored(prefix));
  for (const w of windows) say(`  ${w.label}: ${w.m.requests} requests, ${w.m.errors} errors${w.m.byStatus ? ` (${w.m.byStatus})` : ''}, ${w.m.retried} retried${w.m.retriedFor ? ` (${w.m.retriedFor})` : ''}, longest ${fmt(w.m.longest?.ms ?? 0)} ms${w.last !== null ? `, last error ${sec(w.last)} after` : ''}`);
  say(`  exits: ${exits.join(', ') || 'none'}; launcher: ${ended.join(' | ') || '—'}; notes acknowledged / stored ${notes.text}`);
  return { ev, windows, all, exits, ended, notes, victim, before, total };
}

async function cleanup() {
  if (running(sqlite) && !(await stop(sqlite, 'SIGTERM', 30_000))) sqlite.kill('SIGKILL');
  if (running(launcher)) {
    say('stopping the cluster (SIGINT to the launcher: instances, HAProxy, PostgreSQL)…');
    if (!(await stop(launcher, 'SIGINT', 90_000))) {
      say('the launcher did not stop: SIGKILL, then its processes by their pid files and pg-cluster.sh down');
      launcher.kill('SIGKILL');
      for (const name of [...Array.from({ length: INSTANCES }, (_, i) => `app${i + 1}`), 'haproxy']) if (alive(pidOf(name))) process.kill(pidOf(name), 'SIGTERM');
      spawnSync('bash', [pgScript, 'down', pgDir], { cwd: root, stdio: 'inherit' });
    }
  }
  fs.rmSync(staticDir, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

function table(sqliteLine: Line, cluster: Awaited<ReturnType<typeof clusterPhases>>) {
  const ceiling = sqliteLine.m.rps;
  const row = (l: Line) =>
    `| ${l.label} | ${STAFF} | ${SECONDS} | ${l.m.rps.toFixed(0)} | ${((100 * l.m.rps) / ceiling).toFixed(0)} % | ${fmt(l.m.p50)} | ${fmt(l.m.p99)} | ${l.m.errors}${l.m.byStatus ? ` (${l.m.byStatus})` : ''} | ${l.notes.text} | ${l.cpu} |`;
  const [ha] = cluster.lines;
  const f = cluster.faults;
  const share = (100 * ha!.m.rps) / ceiling;
  const longest = f.all.longest;
  const quiet = f.windows.slice(1).every((w) => w.last === null || w.last <= 10_000);
  const notesOk = f.notes.twice === 0 && f.notes.missing === 0 && f.notes.strangers === 0;
  const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
  const demoOrders = new Database(sqliteFile, { readonly: true }).prepare('SELECT count(*) AS n FROM orders').get() as { n: number };
  return [
    `SCALE=demo (${demoOrders.n.toLocaleString('en')} orders). ${STAFF} virtual staff in one load process (Node's fetch, keep-alive), sessions of admin, soporte and fraude, each in a tight loop: the closed-orders list (\`allHistory?size=15&status=CLOSED\`), one of its orders at random, its offers (\`fo/list\`) and its notes (\`notes/list\`), and every fourth turn a note on it (\`POST /uaa/secured/doc-note/create\`). Requests as the console sends them: an Idempotency-Key per note, a network error or 502/503/504 sent again with the same key (3 retries, 0.3/0.6/1.2 s, a 503's Retry-After up to 5 s). Latency from the first send to the final answer, retries included; an error is a final answer other than 2xx. ${WARMUP} s of warm-up, then ${SECONDS} s measured per line; notes counted over the whole line (warm-up included) against the rows with that line's texts in the database. Servers, PostgreSQL 15, HAProxy 2.6 and the load on one ${process.platform} machine: ${os.cpus().length} cores, Node ${process.version}; CPU over the measured seconds: the machine's busy share (anything else running on it included), the cores used by the servers' processes (instances, HAProxy, PostgreSQL's) and by the load process. Times in ms.`,
    '',
    '| engine / topology | staff | seconds | req/s | share of SQLite | p50 | p99 | errors | notes acknowledged / stored | CPU |',
    '|---|---:|---:|---:|---:|---:|---:|---|---|---|',
    row(sqliteLine),
    ...cluster.lines.map(row),
    '',
    `Goal: ${INSTANCES} instances on PostgreSQL behind HAProxy ≥ 75 % of SQLite, p99 ≤ 150 ms: ${yes(share >= 75 && ha!.m.p99 <= 150)} (${share.toFixed(0)} %, p99 ${fmt(ha!.m.p99)} ms).`,
    '',
    `Faults under the same floor through HAProxy, ${sec(f.total)}: \`bash scripts/pg-cluster.sh restart\` (pg_ctl restart -m fast) at ${sec(f.ev.restartAt)}, \`kill -9\` of ${f.victim} at ${sec(f.ev.killAt)} (the launcher starts it again). Windows by the time each request ended (when the person saw its answer); "sent again" counts the requests retried, by their first transient answer; "last error" is when the last failed request of the window ended, after its fault (—: none failed).`,
    '',
    '| window | seconds | requests | req/s | p50 | p99 | longest | errors | sent again | last error after the fault |',
    '|---|---|---:|---:|---:|---:|---:|---|---|---:|',
    ...f.windows.map(
      (w) =>
        `| ${w.label} | ${(w.from / 1000).toFixed(1)}–${(Math.min(w.to, f.total) / 1000).toFixed(1)} | ${w.m.requests} | ${w.m.rps.toFixed(0)} | ${fmt(w.m.p50)} | ${fmt(w.m.p99)} | ${fmt(w.m.longest?.ms ?? 0)} | ${w.m.errors}${w.m.byStatus ? ` (${w.m.byStatus})` : ''} | ${w.m.retried}${w.m.retriedFor ? ` (${w.m.retriedFor})` : ''} | ${w.last === null ? '—' : sec(w.last)} |`,
    ),
    '',
    `- No process but the killed one exited: ${yes(f.exits.length === 0)}${f.exits.length ? ` (${f.exits.join('; ')})` : ''}. Launcher, HAProxy and ${Object.keys(f.before).filter((k) => /^app/.test(k) && k !== f.victim).join(', ')} kept their pids; the postmaster was replaced by the restart itself (${f.before.postmaster} → ${f.ev.postmasterAfter}); ${f.victim} ${f.ev.killed} → ${pidOf(f.victim)}. The launcher said: ${f.ended.map((l) => `“${l.replace(/^\[cluster\] /, '')}”`).join(', ') || 'nothing'}.`,
    `- Longest request: ${longest ? `${sec(longest.ms)} (${longest.kind}, final ${longest.status || longest.failure}, ${longest.attempts} attempts)` : '—'}; under 10 s: ${yes(!!longest && longest.ms < 10_000)}.`,
    `- No errors 10 s after each fault: ${yes(quiet)}.`,
    `- Notes: ${f.notes.acked} acknowledged, ${f.notes.rows} rows stored, ${f.notes.twice} stored twice, ${f.notes.missing} acknowledged but missing, ${f.notes.notAcked} not acknowledged (all retries failed), ${f.notes.notAckedStored} of those stored${f.notes.strangers ? `, ${f.notes.strangers} stored that were never sent` : ''}: acknowledged = stored, none twice: ${yes(notesOk && f.notes.notAckedStored === 0)}.`,
  ].join('\n');
}

let code = 0;
try {
  say(`run ${runId}: ${STAFF} staff, ${SECONDS} s per line after ${WARMUP} s of warm-up, ${os.cpus().length} cores, Node ${process.version}`);
  const sqliteLine = await sqlitePhase();
  const cluster = await clusterPhases();
  const text = table(sqliteLine, cluster);
  console.log(`\n${text}\n`);
  writeBlock('floor', 'npm run bench:floor', text);
  say('written to docs/performance.md (block "floor")');
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
