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
import { alive, freePorts, root, waitFor } from '../tests/support/processes';
import { postmasterIn, running, stopChild as stop } from '../scripts/process-support';
import { profileLines } from './cpu-profile';
import { writeBlock } from './doc-block';
import { benchRun, checkNotes, childrenOf, cpuSample, cpuText, EARLIER_RUNS, FLOOR, FLOOR_USERS, forgetEarlierRunsPg, launch, num, pgNotes, postgresPidsIn, ready, tail, type CpuSample, type Stored } from './floor-support';
import { measure, runFloor, signIn } from './staff';

const { staff: STAFF, seconds: SECONDS, warmup: WARMUP } = FLOOR;
const INSTANCES = num('FLOOR_INSTANCES', 2);
/** The fault phase: the database restart after RESTART_AT s, the kill KILL_AFTER s later, then AFTER_KILL s more. */
const [RESTART_AT, KILL_AFTER, AFTER_KILL] = [10, 15, 20];
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

/** A process's id from its pid file in CLUSTER_DIR; 0 when there is none. */
function pidOf(name: string): number {
  const file = path.join(clusterDir, `${name}.pid`);
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').trim()) || 0 : 0;
}
const postmaster = () => postmasterIn(pgDir) ?? 0;

/** The cluster's processes by role: the instances, HAProxy (its master and worker), the postmaster and its children (the backends). */
function clusterPids(): Record<string, number[]> {
  const haproxy = pidOf('haproxy');
  return {
    instances: Array.from({ length: INSTANCES }, (_, i) => pidOf(`app${i + 1}`)),
    HAProxy: haproxy ? [haproxy, ...childrenOf(haproxy)] : [],
    PostgreSQL: postgresPidsIn(pgDir),
  };
}

const sqliteNotes =
  (file: string): Stored =>
  async (prefix) => {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare('SELECT description AS d, count(*) AS n FROM notes WHERE substr(description, 1, ?) = ? GROUP BY description').all(prefix.length, prefix) as { d: string; n: number }[];
      return new Map(rows.map((r) => [r.d, r.n]));
    } finally {
      db.close();
    }
  };

/** One line of the table: the floor for WARMUP + SECONDS, measured over the last SECONDS. */
async function floorLine(label: string, base: string, tokens: string[], tag: string, stored: Stored, pids: () => number[] | Record<string, number[]>) {
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

/** A checkout the SQLite floor runs on: this one, or another revision's (`--against`). */
interface Checkout {
  label: string;
  dir: string;
  database: string;
}
const here: Checkout = { label: 'this checkout', dir: root, database: sqliteFile };

/**
 * The floor on one SQLite instance of `checkout` (its own database file, seeded at SCALE=demo on
 * first use). With `profileDir` the instance runs under --cpu-prof, written there when it stops.
 */
async function sqlitePhase(checkout = here, tag = 'sqlite', profileDir: string | null = null, label = ''): Promise<Line> {
  const file = checkout.database;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file)) {
    const db = new Database(file);
    db.exec(EARLIER_RUNS);
    db.close();
  }
  const port = await freePorts();
  const base = `http://127.0.0.1:${port}`;
  const log = file.replace(/\.db$/, '') + '.log';
  say(`SQLite, ${checkout.label}: one instance on ${rel(file)} (seeded at SCALE=demo on first use)${profileDir ? ', under --cpu-prof' : ''}, output in ${rel(log)}…`);
  sqlite = launch('server/main.ts', { PORT: String(port), HOST: '127.0.0.1', DATABASE_FILE: file, STATIC_DIR: staticDir }, log, checkout.dir, profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
  await waitFor(async () => !running(sqlite) || (await ready(`${base}/ready`)), 900_000, 250);
  if (!running(sqlite) || !(await ready(`${base}/ready`))) throw new Error(`the SQLite instance did not start:\n${tail(log)}`);
  const tokens = await signIn(base, FLOOR_USERS, STAFF, `floor-${runId}`);
  const line = await floorLine(`SQLite, 1 instance${checkout === here ? label : ` (${checkout.label})`}`, base, tokens, tag, sqliteNotes(file), () => [sqlite!.pid!]);
  await stop(sqlite, 'SIGTERM', 30_000);
  return line;
}

/**
 * Another revision checked out beside this one (git worktree, data/bench-floor-against/REV), run
 * with this checkout's node_modules when both list the same runtime dependencies (else npm ci there).
 */
function checkoutOf(rev: string): Checkout {
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
    return r.stdout.trim();
  };
  const sha = git('rev-parse', '--short', `${rev}^{commit}`);
  const dir = path.join(root, 'data', 'bench-floor-against', sha);
  if (!fs.existsSync(path.join(dir, '.git'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', dir, sha);
  }
  if (!fs.existsSync(path.join(dir, 'node_modules'))) {
    const deps = (file: string) => JSON.stringify((JSON.parse(fs.readFileSync(file, 'utf8')) as { dependencies?: unknown }).dependencies);
    if (deps(path.join(dir, 'package.json')) === deps(path.join(root, 'package.json'))) fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    else if (spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' }).status !== 0) throw new Error(`npm ci in ${rel(dir)} failed`);
  }
  return { label: sha, dir, database: path.join(dir, 'data', 'bench-floor.db') };
}

/** The cluster's two lines, then `between` (SQLite's second line, the cluster idle), then the faults. */
async function clusterPhases(between: () => Promise<Line>) {
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
    { PORT: String(port), HOST: '127.0.0.1', CLUSTER_INSTANCES: String(INSTANCES), CLUSTER_DIR: clusterDir, CLUSTER_PG_PORT: String(pgPort), CLUSTER_STATS_PORT: String(statsPort), STATIC_DIR: staticDir },
    launcherLog,
  );
  await waitFor(() => !running(launcher) || fs.readFileSync(launcherLog, 'utf8').includes('Ctrl+C detiene todo'), 1_200_000, 500);
  if (!running(launcher) || !fs.readFileSync(launcherLog, 'utf8').includes('Ctrl+C detiene todo')) throw new Error(`the cluster did not start:\n${tail(launcherLog)}`);
  const base = `http://127.0.0.1:${port}`;
  forgetEarlierRunsPg(pgDir, pgPort, 'inherit');
  const tokens = await signIn(base, FLOOR_USERS, STAFF, `floor-${runId}`);
  const password = fs.readFileSync(path.join(clusterDir, 'pg-password'), 'utf8').trim();
  const stored = pgNotes(() => `postgres://crm:${password}@127.0.0.1:${pgPort}/crm`);
  const lines = [await floorLine(`PostgreSQL, ${INSTANCES} instances + HAProxy`, base, tokens, 'haproxy', stored, clusterPids)];
  lines.push(await floorLine('PostgreSQL, 1 instance (app1 directly, no HAProxy; the others idle)', `http://127.0.0.1:${port + 1}`, tokens, 'direct', stored, clusterPids));
  const after = await between();
  return { lines, after, faults: await faultPhase(base, port, tokens, stored) };
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
  // SQLite's line before and after PostgreSQL's: the ratios are to their mean (this machine drifts between minutes).
  const sqliteLines = [sqliteLine, cluster.after];
  const ceiling = (sqliteLine.m.rps + cluster.after.m.rps) / 2;
  const sqliteP99 = (sqliteLine.m.p99 + cluster.after.m.p99) / 2;
  const row = (l: Line) =>
    `| ${l.label} | ${STAFF} | ${SECONDS} | ${l.m.rps.toFixed(0)} | ${((100 * l.m.rps) / ceiling).toFixed(0)} % | ${fmt(l.m.p50)} | ${fmt(l.m.p99)} | ${l.m.errors}${l.m.byStatus ? ` (${l.m.byStatus})` : ''} | ${l.notes.text} | ${l.cpu} |`;
  const [ha, direct] = cluster.lines;
  const f = cluster.faults;
  const share = (100 * ha!.m.rps) / ceiling;
  const longest = f.all.longest;
  const quiet = f.windows.slice(1).every((w) => w.last === null || w.last <= 10_000);
  const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
  const demoOrders = new Database(sqliteFile, { readonly: true }).prepare('SELECT count(*) AS n FROM orders').get() as { n: number };
  return [
    `SCALE=demo (${demoOrders.n.toLocaleString('en')} orders). ${STAFF} virtual staff in one load process (node:http, keep-alive; not Node's fetch, which costs the load twice the CPU per request on cores the servers share), sessions of admin, soporte and fraude, each in a tight loop: the closed-orders list (\`allHistory?size=15&status=CLOSED\`), one of its orders at random, its offers (\`fo/list\`) and its notes (\`notes/list\`), and every fourth turn a note on it (\`POST /uaa/secured/doc-note/create\`). Requests as the console sends them: an Idempotency-Key per note, a network error or 502/503/504 sent again with the same key (3 retries, 0.3/0.6/1.2 s, a 503's Retry-After up to 5 s). Latency from the first send to the final answer, retries included; an error is a final answer other than 2xx. ${WARMUP} s of warm-up, then ${SECONDS} s measured per line; notes counted over the whole line (warm-up included) against the rows with that line's texts in the database. Servers, PostgreSQL 15, HAProxy 2.6 and the load on one ${process.platform} machine: ${os.cpus().length} cores, Node ${process.version}; CPU over the measured seconds: the machine's busy share (anything else running on it included), the cores used by the servers' processes (instances, HAProxy, PostgreSQL's) and by the load process. Times in ms. SQLite's line runs before and after PostgreSQL's, and the shares and ratios are to the mean of its two: this two-core virtual machine's speed drifts by up to a third between minutes, and one SQLite line met a fast minute or a slow one.`,
    '',
    '| engine / topology | staff | seconds | req/s | share of SQLite (mean of its two lines) | p50 | p99 | errors | notes acknowledged / stored | CPU |',
    '|---|---:|---:|---:|---:|---:|---:|---|---|---|',
    row(sqliteLine),
    ...cluster.lines.map(row),
    row(cluster.after),
    '',
    `Goals, as ratios of this run: ${INSTANCES} instances on PostgreSQL behind HAProxy ≥ 75 % of SQLite's requests/s: ${yes(share >= 75)} (${share.toFixed(0)} %); one PostgreSQL instance's p99 ≤ 1.2 × one SQLite instance's: ${yes(direct!.m.p99 <= 1.2 * sqliteP99)} (${fmt(direct!.m.p99)} / ${fmt(sqliteP99)} ms = ${(direct!.m.p99 / sqliteP99).toFixed(2)}; SQLite's lines ${sqliteLines.map((l) => `${l.m.rps.toFixed(0)} req/s, p99 ${fmt(l.m.p99)}`).join(' and ')}). (The absolute p99 through HAProxy, ${fmt(ha!.m.p99)} ms, measures this machine's two cores shared by everything: issue 42.)`,
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
    `- Notes: ${f.notes.sentence}: acknowledged = stored, none twice: ${yes(f.notes.ok)}.`,
  ].join('\n');
}

/**
 * `--against REV`: the SQLite floor on this checkout and on REV's, alternated (AB, BA, …) for
 * FLOOR_ROUNDS rounds in one run, so that a regression shows as a ratio of the same machine's
 * minutes; with FLOOR_PROFILE=1 one more line of this checkout under --cpu-prof, its heaviest
 * functions printed. Written to docs/performance.md, block "floor-against".
 */
async function againstRun(rev: string) {
  const other = checkoutOf(rev);
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'server'], { cwd: root, encoding: 'utf8' }).stdout.trim() !== '';
  const mine = { ...here, label: `${head}${dirty ? ' + changes in server/' : ''}` };
  const rounds: { order: string; mine: Line; other: Line }[] = [];
  for (let r = 0; r < num('FLOOR_ROUNDS', 3); r++) {
    const first = r % 2 === 0 ? mine : other;
    const lines = new Map<Checkout, Line>();
    for (const c of r % 2 === 0 ? [mine, other] : [other, mine]) lines.set(c, await sqlitePhase(c, `${c === mine ? 'mine' : 'against'}-${r}`));
    rounds.push({ order: `${first.label} first`, mine: lines.get(mine)!, other: lines.get(other)! });
  }
  if (process.env.FLOOR_PROFILE === '1') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floor-prof-'));
    await sqlitePhase(mine, 'profiled', dir);
    for (const line of profileLines(dir)) console.log(line);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ratios = rounds.map((r) => r.mine.m.rps / r.other.m.rps);
  const ratio = median(ratios);
  const cell = (l: Line) => `${l.m.rps.toFixed(0)} | ${fmt(l.m.p50)} | ${fmt(l.m.p99)} | ${l.m.errors}`;
  return [
    `The floor of the table above (${STAFF} staff, ${WARMUP} s of warm-up + ${SECONDS} s measured) on one SQLite instance, SCALE=demo, each checkout on a database of its own seeded by its own code, alternated in one run: this checkout (${mine.label}) and ${other.label} (a git worktree in ${rel(other.dir)}, run with the same node_modules). A fresh instance per line; ${os.cpus().length} cores, Node ${process.version}. Times in ms.`,
    '',
    `| round | order | ${mine.label} req/s | p50 | p99 | errors | ${other.label} req/s | p50 | p99 | errors | ratio of req/s |`,
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rounds.map((r, i) => `| ${i + 1} | ${r.order} | ${cell(r.mine)} | ${cell(r.other)} | ${ratios[i]!.toFixed(2)} |`),
    '',
    `Median ratio ${ratio.toFixed(2)} × ${other.label}'s requests/s (p99 ${fmt(median(rounds.map((r) => r.mine.m.p99)))} against ${fmt(median(rounds.map((r) => r.other.m.p99)))} ms, medians). Goal ≥ 1.5 ×: ${ratio >= 1.5 ? 'yes' : '**no**'}.`,
  ].join('\n');
}

const againstAt = process.argv.indexOf('--against');
const against = againstAt > 0 ? process.argv[againstAt + 1] : process.env.FLOOR_AGAINST;
await benchRun(async () => {
  say(`run ${runId}: ${STAFF} staff, ${SECONDS} s per line after ${WARMUP} s of warm-up, ${os.cpus().length} cores, Node ${process.version}`);
  if (against) {
    const text = await againstRun(against);
    console.log(`\n${text}\n`);
    writeBlock('floor-against', `npm run bench:floor -- --against ${against}`, text);
    say('written to docs/performance.md (block "floor-against")');
  } else {
    const sqliteLine = await sqlitePhase(here, 'sqlite', null, ' (before)');
    const cluster = await clusterPhases(() => sqlitePhase(here, 'sqlite-after', null, ' (after)'));
    const text = table(sqliteLine, cluster);
    console.log(`\n${text}\n`);
    writeBlock('floor', 'npm run bench:floor', text);
    say('written to docs/performance.md (block "floor")');
  }
}, cleanup);
