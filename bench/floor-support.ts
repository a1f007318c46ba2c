/**
 * What bench/floor.ts, bench/floor-profile.ts and bench/soak.ts share: the floor's settings, the
 * servers started as production starts them, the CPU they use, and the notes a floor sent checked
 * against the rows stored.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { httpStatus, postmasterIn } from '../scripts/process-support';
import { freePorts, root } from '../tests/support/processes';
import type { NoteSent } from './staff';

/** A number from the environment, or its default. */
export const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
/** The floor's size (FLOOR_STAFF), measured seconds (FLOOR_SECONDS) and warm-up (FLOOR_WARMUP), as bench:floor and bench:floor-profile read them. */
export const FLOOR = { staff: num('FLOOR_STAFF', 50), seconds: num('FLOOR_SECONDS', 20), warmup: num('FLOOR_WARMUP', 5) };
/** The accounts the floor's sessions belong to, in turn. */
export const FLOOR_USERS = ['admin', 'soporte', 'fraude'];

// The children's environment: ours, without what would point them at another database, port or folder.
const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|DATABASE_FILE|PORT|HOST|STATIC_DIR|SEED|SCALE|CLUSTER_\w+)$/.test(k)));

/** `node --import tsx script` as production runs it (SCALE=demo unless `env` says), its output to a file. */
export function launch(script: string, env: Record<string, string>, log: string, cwd = root, nodeFlags: string[] = []): ChildProcess {
  const out = fs.openSync(log, 'w');
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], { cwd, env: { ...baseEnv, SCALE: 'demo', ...env }, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return child;
}
export const ready = async (url: string) => (await httpStatus(url)) === 200;
export const tail = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-20).join('\n') : '');

/** Earlier runs' notes (the floor writes hundreds a second to the same fifteen orders) and their keys. */
export const EARLIER_RUNS = `DELETE FROM notes WHERE description LIKE 'floor %' OR description LIKE 'quick %' OR description LIKE 'soak %'; DELETE FROM request_steps`;
/**
 * The same on PostgreSQL, one statement each (VACUUM runs outside a transaction): the deleted rows
 * stay in the tables until vacuumed, and their pages are no longer all-visible, so a notes page's
 * count reads the heap and autovacuum comes in the middle of the first line. SQLite frees them at once.
 */
export const EARLIER_RUNS_PG = [EARLIER_RUNS, 'VACUUM (ANALYZE) notes, request_steps'];
/** Runs EARLIER_RUNS_PG on a bench's own PostgreSQL (scripts/pg-cluster.sh's data directory and port), through psql. */
export function forgetEarlierRunsPg(pgDir: string, pgPort: number, stdio: 'inherit' | 'ignore' = 'ignore') {
  for (const sql of EARLIER_RUNS_PG) spawnSync('bash', [path.join(root, 'scripts', 'pg-cluster.sh'), 'psql', pgDir, String(pgPort), '-d', 'crm', '-qc', sql], { cwd: root, stdio });
}

/**
 * The floor's two seeded databases for a bench that runs one instance at a time (bench:admission,
 * bench:write-cost): data/bench-floor.db must exist and data/bench-floor-cluster's PostgreSQL is
 * started on the port after the instance's. Answers the instance's port and PostgreSQL's port and
 * URL (through its Unix socket, as the cluster's instances reach it).
 */
export async function floorDatabasesUp(sqliteFile: string, clusterDir: string): Promise<{ port: number; pgPort: number; databaseUrl: string }> {
  if (!fs.existsSync(sqliteFile) || !fs.existsSync(path.join(clusterDir, 'pg-password'))) throw new Error('run npm run bench:floor once first: it seeds both databases');
  const port = await freePorts([0, 1]);
  const pgPort = port + 1;
  const pgDir = path.join(clusterDir, 'pg');
  if (spawnSync('bash', [path.join(root, 'scripts', 'pg-cluster.sh'), 'up', pgDir, String(pgPort)], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('PostgreSQL did not start');
  const password = fs.readFileSync(path.join(clusterDir, 'pg-password'), 'utf8').trim();
  return { port, pgPort, databaseUrl: `postgres://crm:${password}@localhost/crm?host=${encodeURIComponent(pgDir)}&port=${pgPort}` };
}

/** A process's fields from /proc/PID/stat (after its name). */
export const statFields = (pid: number | string) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');

/** The processes whose parent is `pid` (a postmaster's backends). */
export function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(statFields(d)[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** CPU over the measured seconds: the machine's busy share (all cores, /proc/stat), the servers' processes and the load process's own. */
/** PostgreSQL's processes of a data directory: its postmaster and the postmaster's children (the backends); none while it is down. */
export function postgresPidsIn(pgDir: string): number[] {
  const postmaster = postmasterIn(pgDir);
  return postmaster ? [postmaster, ...childrenOf(postmaster)] : [];
}

export type CpuSample = { idle: number; total: number; servers: number; roles: Record<string, number>; own: number; at: number };
/** CPU ticks so far of the servers' processes: a list, or by role (instances, HAProxy, PostgreSQL) to say what the servers' share is made of. */
export function cpuSample(pids: number[] | Record<string, number[]>): CpuSample {
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const roles: Record<string, number> = {};
  for (const [role, list] of Object.entries(Array.isArray(pids) ? { servers: pids } : pids)) {
    roles[role] = 0;
    for (const pid of list) {
      try {
        const f = statFields(pid);
        roles[role] += Number(f[11]) + Number(f[12]); // utime, stime (clock ticks, 100 a second)
      } catch {
        // gone since: its time is lost
      }
    }
  }
  const own = process.cpuUsage();
  const servers = Object.values(roles).reduce((a, b) => a + b, 0);
  return { idle: ticks[3]! + ticks[4]!, total: ticks.reduce((a, b) => a + b, 0), servers, roles: Array.isArray(pids) ? {} : roles, own: own.user + own.system, at: performance.now() };
}
export const cpuText = ([a, b]: CpuSample[]) => {
  if (!a || !b) return '—';
  const cores = (ticks: number) => (ticks / 100 / ((b.at - a.at) / 1000)).toFixed(2);
  const roles = Object.keys(b.roles).map((role) => `${role} ${cores(b.roles[role]! - (a.roles[role] ?? 0))}`);
  return `${(100 * (1 - (b.idle - a.idle) / (b.total - a.total))).toFixed(0)} % busy; servers ${cores(b.servers - a.servers)} cores${roles.length ? ` (${roles.join(', ')})` : ''}; load ${((b.own - a.own) / 1000 / (b.at - a.at)).toFixed(2)} cores`;
};

/** The notes stored with a floor's texts: text → rows. */
export type Stored = (prefix: string) => Promise<Map<string, number>>;
/** The notes of a PostgreSQL database at `url`. */
export const pgNotes =
  (url: () => string): Stored =>
  async (prefix) => {
    const client = new pg.Client({ connectionString: url() });
    client.on('error', () => undefined); // reported by the query that meets it
    await client.connect();
    try {
      const { rows } = await client.query<{ d: string; n: number }>('SELECT description AS d, count(*)::int AS n FROM notes WHERE starts_with(description, $1) GROUP BY description', [prefix]);
      return new Map(rows.map((r) => [r.d, r.n]));
    } finally {
      await client.end();
    }
  };

/** The notes a floor sent against those stored with its texts. */
export function checkNotes(notes: NoteSent[], stored: Map<string, number>) {
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
    /** Written again by their person after no answer for certain (the console's kept key). */
    again: notes.filter((n) => n.tries > 1).length,
    againAcked: notes.filter((n) => n.tries > 1 && n.acknowledged).length,
    strangers: [...stored.keys()].filter((t) => !sent.has(t)).length,
  };
  const odd = [
    c.twice && `**${c.twice} stored twice**`,
    c.missing && `**${c.missing} acknowledged but missing**`,
    c.notAcked && `${c.notAcked} not acknowledged (${c.notAckedStored} of them stored)`,
    c.again && `${c.again} written again after no answer for certain (${c.againAcked} then acknowledged)`,
    c.strangers && `**${c.strangers} stored that were never sent**`,
  ].filter(Boolean);
  /** Acknowledged = stored, none twice, nothing stored that was not acknowledged or never sent. */
  const ok = c.twice === 0 && c.missing === 0 && c.strangers === 0 && c.notAckedStored === 0;
  const sentence = `${c.acked} acknowledged, ${c.rows} rows stored, ${c.twice} stored twice, ${c.missing} acknowledged but missing, ${c.again} written again by their person after no answer for certain (the console's kept key; ${c.againAcked} then acknowledged), ${c.notAcked} not acknowledged (every retry and try failed), ${c.notAckedStored} of those stored${c.strangers ? `, ${c.strangers} stored that were never sent` : ''}`;
  return { ...c, ok, sentence, text: `${c.acked} / ${c.rows}${odd.length ? `; ${odd.join('; ')}` : ''}` };
}

/** A bench's run: its work, then its cleanup whatever happened; exits 1 when the work threw. */
export async function benchRun(work: () => Promise<void>, cleanup: () => Promise<void>): Promise<never> {
  let code = 0;
  try {
    await work();
  } catch (error) {
    console.error(error);
    code = 1;
  } finally {
    await cleanup();
  }
  process.exit(code);
}
