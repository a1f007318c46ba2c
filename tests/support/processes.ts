/**
 * Real processes for the tests that need them (the cluster launcher, the database-outage tests):
 * free ports, a server instance started as production starts it, throwaway PostgreSQL clusters
 * that can be restarted, and waiting for conditions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startThrowawayCluster, startThrowawayStandby, type ThrowawayCluster } from '../../scripts/pg-cluster';
import { postgresInstalled as isPostgresInstalled } from '../../scripts/process-support';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const BASIC = `Basic ${Buffer.from('crm-console:crm-console-secret').toString('base64')}`;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const postgresInstalled = isPostgresInstalled();

export async function waitFor(condition: () => boolean | Promise<boolean>, ms: number, every = 200): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(every)) if (await condition()) return true;
  return condition();
}

export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** A zombie (exited, not yet reaped by its new parent) counts as gone. */
export function alive(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Where the kernel picks the local ports of outgoing connections: a port there may be taken between a check and a bind. */
const ephemeralLow = (() => {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
})();

/** A base port that is free along with each of the offsets given, below the ephemeral range. */
export async function freePorts(offsets: readonly number[] = [0]): Promise<number> {
  const span = Math.max(0, ...offsets) + 1;
  const low = ephemeralLow > 20_000 + span + 1000 ? 20_000 : 10_000;
  for (;;) {
    const base = low + Math.floor(Math.random() * Math.max(1000, ephemeralLow - span - low));
    if (!(await Promise.all(offsets.map((o) => listening(base + o)))).some(Boolean)) return base;
  }
}

/**
 * A throwaway PostgreSQL cluster of its own on a free port, which a test may restart or halt; a
 * start that fails is tried again on another free port (scripts/pg-cluster.ts).
 */
export async function throwawayPostgres(dir: string) {
  return actionsOf(await startThrowawayCluster(dir, () => freePorts(), 3));
}

/**
 * A pg-cluster.sh action on the cluster in `dir` without blocking this process's event loop
 * (requests are in flight meanwhile); settles with how long it took, in ms.
 */
export function clusterAction(action: 'restart' | 'halt' | 'crash' | 'promote', dir: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const began = Date.now();
    spawn('bash', [path.join(root, 'scripts', 'pg-cluster.sh'), action, dir], { stdio: 'ignore' }).on('exit', (code) =>
      code === 0 ? resolve(Date.now() - began) : reject(new Error(`pg-cluster.sh ${action} ${dir} exited ${code}`)),
    );
  });
}

/** A throwaway standby streaming from the throwaway cluster on `primaryPort` (the failover test). */
export async function throwawayStandby(dir: string, primaryPort: number) {
  return actionsOf(await startThrowawayStandby(dir, primaryPort, () => freePorts(), 3));
}

const actionsOf = (cluster: ThrowawayCluster) => ({
  url: cluster.url,
  port: cluster.port,
  restart: () => cluster.run('restart'),
  halt: () => cluster.run('halt'),
  /** Stopped as a dead host stops (-m immediate), the data kept. */
  crash: () => cluster.run('crash'),
  promote: () => cluster.run('promote'),
  remove: () => cluster.run('stop'),
});

export interface ServerProcess {
  url: (p: string) => string;
  child: ChildProcess;
  output: () => string;
  /** The exit code once it exited (undefined while it runs). */
  exitCode: () => number | null | undefined;
  exited: Promise<number | null>;
}

/** `node --import tsx server/main.ts` as production runs it (no tsx wrapper: signals reach the server itself), ready when /ready says so. */
export async function startServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  let output = '';
  let code: number | null | undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve((code = c))));
  const url = (p: string) => `http://127.0.0.1:${port}${p}`;
  const ready = await waitFor(async () => code !== undefined || (await fetch(url('/ready')).then((r) => r.ok, () => false)), 90_000, 250);
  if (!ready || code !== undefined) throw new Error(`the server did not start:\n${output}`);
  return { url, child, output: () => output, exitCode: () => code, exited };
}

/** Signs a demo account in through HTTP. */
export async function signInAt(url: (p: string) => string, username = 'admin'): Promise<string> {
  const response = await fetch(url('/uaa/oauth/token'), {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=password&username=${username}&password=demo1234&device_id=x`,
  });
  if (response.status !== 200) throw new Error(`sign-in of ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** One connection to `url` for `work`, ended after it (the tests' look into a database). */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface Launcher {
  child: ChildProcess;
  output: () => string;
  /** The exit code once it exited (undefined while it runs). */
  exitCode: () => number | null | undefined;
}

/**
 * `scripts/cluster.ts` (npm run start:cluster) as an operator starts it, with `env` over this
 * process's environment less DATABASE_URL; settles once it says it is ready ("Ctrl+C detiene
 * todo"), or throws with its output.
 */
export async function startLauncher(env: Record<string, string>, readyMs: number): Promise<Launcher> {
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts'], { cwd: root, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let code: number | null | undefined;
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('exit', (c) => (code = c));
  await waitFor(() => code !== undefined || output.includes('Ctrl+C detiene todo'), readyMs);
  if (!output.includes('Ctrl+C detiene todo')) {
    child.kill('SIGINT');
    throw new Error(`the cluster did not start:\n${output}`);
  }
  return { child, output: () => output, exitCode: () => code };
}
