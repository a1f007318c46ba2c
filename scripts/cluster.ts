/**
 * `npm run start:cluster`: the console as it runs with several instances (issue 24 §5,
 * docs/operations.md), on this machine:
 *
 *   HAProxy on PORT ──► CLUSTER_INSTANCES server instances on 127.0.0.1:PORT+1… ──► PostgreSQL on 127.0.0.1:CLUSTER_PG_PORT
 *
 * PostgreSQL is Debian's package with a data folder of its own (CLUSTER_DIR/pg, kept between runs;
 * scripts/pg-cluster.sh up/down), unless DATABASE_URL names one elsewhere. The first instance
 * migrates and, on an empty database, seeds; the others start once it is ready (two instances must
 * not seed one empty database at once). An instance that ends is started again. HAProxy's
 * configuration is written to CLUSTER_DIR/haproxy.cfg on every start.
 *
 * With CLUSTER_HA=1 the database is highly available (scripts/cluster-ha.ts): two PostgreSQL
 * nodes under Patroni (leader elected in etcd, a synchronous standby, pg_rewind), and HAProxy's TCP
 * frontend on CLUSTER_PG_PORT leading to the primary is the instances' DATABASE_URL. A node whose
 * Patroni ends is started again, as an instance is.
 *
 * Ctrl+C or SIGTERM stops everything: the instances first (SIGTERM: they finish what they are
 * doing), then HAProxy, then PostgreSQL (pg_ctl stop -m fast; with CLUSTER_HA, Patroni's nodes and
 * then etcd). A second Ctrl+C forces.
 *
 * SIGUSR2 reloads HAProxy (as SIGUSR2 to HAProxy's own master does): haproxy.cfg is written again
 * and checked, and HAProxy, run in master-worker mode, starts a new worker on it; the old one
 * finishes its requests (hard-stop-after bounds how long it may keep a connection) and leaves.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { buildConsoleIfStale } from './console-build';
import { HaDatabase } from './cluster-ha';
import { haproxyConfig } from './haproxy-config';
import { httpStatus as status, portFree, postgresInstalled, postmasterIn, sleep, stopChild, which } from './process-support';

const root = path.resolve(import.meta.dirname, '..');
const env = process.env;
function int(name: string, fallback: number): number {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (/^[1-9]\d*$/.test(value)) return Number(value);
  console.error(`[cluster] ${name} debe ser un entero positivo (recibido: ${value})`);
  process.exit(1);
}

const port = int('PORT', 8080);
const host = env.HOST?.trim() || '0.0.0.0';
const count = int('CLUSTER_INSTANCES', 2);
const pgPort = int('CLUSTER_PG_PORT', 5433);
const statsPort = int('CLUSTER_STATS_PORT', 8404);
const dir = path.resolve(root, env.CLUSTER_DIR ?? path.join('data', 'cluster'));
const pgDir = path.join(dir, 'pg');
const externalDatabase = env.DATABASE_URL?.trim() || null;
const staticDir = path.resolve(root, env.STATIC_DIR ?? 'dist');
const pgScript = path.join(root, 'scripts', 'pg-cluster.sh');
/** How long the instances have to finish their requests before they are killed: a little more than they give themselves. */
const DRAIN_MS = int('SHUTDOWN_TIMEOUT_MS', 20_000) + 5000;

interface Instance {
  name: string;
  port: number;
  child: ChildProcess | null;
}
const ha =
  env.CLUSTER_HA?.trim() === '1'
    ? new HaDatabase({
        dir,
        pgPort,
        say: (line) => say(line),
        prefixed: (name, ...streams) => prefixed(name, ...streams),
        stopping: () => stopping,
        onExit: (name, how) => haChildEnded(name, how),
      })
    : null;
const instances: Instance[] = Array.from({ length: count }, (_, i) => ({ name: `app${i + 1}`, port: port + i + 1, child: null }));
let haproxy: ChildProcess | null = null;
let pgStarted = false;
let stopping = false;
let running = false;
let firstSignalAt = 0;

const say = (line: string) => console.log(`[cluster] ${line}`);
/** A path as the operator typed it: relative to the repository when inside it. */
const shown = (p: string) => (path.relative(root, p).startsWith('..') ? p : path.relative(root, p));

/** Each line of a child's output, prefixed with its name. */
function prefixed(name: string, ...streams: (NodeJS.ReadableStream | null)[]) {
  for (const input of streams) if (input) readline.createInterface({ input }).on('line', (line) => console.log(`[${name}] ${line}`));
}

function pg(action: 'up' | 'down' | 'psql', args: string[] = [], input?: string) {
  const result = spawnSync('bash', [pgScript, action, pgDir, String(pgPort), ...args], { cwd: root, encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`PostgreSQL (${action}): ${result.stderr.trim() || result.stdout.trim()}`);
  return result.stdout;
}

/** Starts PostgreSQL and makes sure the console's role and database exist; the instances' DATABASE_URL. */
function startPostgres(): string {
  fs.mkdirSync(dir, { recursive: true });
  // The postgres user must reach its data folder inside this one.
  if (process.getuid?.() === 0) fs.chmodSync(dir, 0o755);
  const passwordFile = path.join(dir, 'pg-password');
  if (!fs.existsSync(passwordFile)) fs.writeFileSync(passwordFile, `${crypto.randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  say(`PostgreSQL en 127.0.0.1:${pgPort} (datos en ${shown(pgDir)})…`);
  pgStarted = true;
  pg('up');
  pg('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', 'postgres'], [
    `SELECT 'CREATE ROLE crm LOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'crm')\\gexec`,
    `ALTER ROLE crm PASSWORD '${password}';`,
    `SELECT 'CREATE DATABASE crm OWNER crm' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'crm')\\gexec`,
  ].join('\n'));
  // Through the socket in the data folder, not TCP on 127.0.0.1: each query is a write to the socket,
  // and loopback TCP cost the floor about a tenth of its throughput (docs/performance.md).
  return `postgres://crm:${password}@localhost/crm?host=${encodeURIComponent(pgDir)}&port=${pgPort}`;
}

/**
 * A Patroni node that ends (a soak's or an operator's kill -9) is started again once another node
 * leads (at most a minute later), as a host that died comes back after its standby took over: it
 * then follows the new leader (pg_rewind). Started at once, it would take back its own unexpired
 * leader lock and no failover would happen. etcd's end stops the cluster.
 */
function haChildEnded(name: string, how: string) {
  if (stopping) return;
  if (!running) return void fail(`${name} terminó al arrancar (${how})`);
  const node = ha?.nodes.find((n) => n.name === name);
  if (!node) return void fail(`${name} terminó (${how})`);
  say(`${name} terminó (${how}); Patroni se inicia de nuevo cuando otro nodo sea el primario`);
  void (async () => {
    for (const until = Date.now() + 60_000; Date.now() < until && !stopping; await sleep(1000)) {
      const leader = await ha!.leader();
      if (leader && leader !== node) break;
    }
    if (!stopping && !node.child) ha!.startNode(node);
  })();
}

function spawnInstance(instance: Instance, databaseUrl: string) {
  if (stopping) return;
  // CLUSTER_CPU_PROF_DIR: each instance under --cpu-prof, its profile written there when it stops (not a NODE_OPTIONS flag).
  const profile = env.CLUSTER_CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(env.CLUSTER_CPU_PROF_DIR), '--cpu-prof-name', `${instance.name}-${Date.now()}.cpuprofile`] : [];
  const out = fs.openSync(path.join(dir, `${instance.name}.log`), 'a');
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    // Its own process group: a Ctrl+C in the terminal reaches this script only, which stops the
    // processes in order.
    detached: true,
    // The request log (a JSON line per request) is written by the instance to its file, as a
    // service's would, never through this process (line by line that cost the floor a share of a
    // core; through a pipe it still cost a read and a write per chunk); errors reach the terminal.
    stdio: ['ignore', out, 'pipe'],
    env: { ...env, PORT: String(instance.port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, TRUST_PROXY: '1', STATIC_DIR: staticDir },
  });
  fs.closeSync(out);
  instance.child = child;
  const startedAt = Date.now();
  prefixed(instance.name, child.stderr);
  fs.writeFileSync(path.join(dir, `${instance.name}.pid`), `${child.pid}\n`);
  child.on('exit', (code, signal) => {
    if (instance.child === child) instance.child = null;
    if (stopping) return;
    const how = signal ?? `código ${code}`;
    if (!running) return void fail(`${instance.name} terminó al arrancar (${how})`);
    // HAProxy takes it out (2 failed checks, 1 s apart) before it is back; a crash loop waits longer.
    const delay = Date.now() - startedAt < 10_000 ? 5000 : 2000;
    say(`${instance.name} terminó (${how}); se inicia de nuevo en ${delay / 1000} s`);
    setTimeout(() => {
      if (!stopping) spawnInstance(instance, databaseUrl);
    }, delay);
  });
}

/** Waits until the instance is ready: migrated, its database answering (GET /ready is 200). */
async function ready(instance: Instance): Promise<void> {
  while ((await status(`http://127.0.0.1:${instance.port}/ready`)) !== 200) {
    if (!instance.child || stopping) throw new Error(`${instance.name} no llegó a estar lista`);
    await sleep(250);
  }
}

/** Writes HAProxy's configuration and checks it; its path. */
function writeHaproxyConfig(binary: string): string {
  const config = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(
    config,
    haproxyConfig({ dir, host, port, statsPort, instances, heartbeatMs: int('CHANGE_STREAM_HEARTBEAT_MS', 20_000), haSection: ha?.haproxySection() ?? null }),
  );
  const check = spawnSync(binary, ['-c', '-q', '-f', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`la configuración de HAProxy no es válida:\n${check.stdout}${check.stderr}`);
  return config;
}

/**
 * Writes HAProxy's configuration and starts it in master-worker mode (-W: the pid is the master's,
 * which SIGUSR2 reloads); `awaitHaproxy` then waits until it serves the console.
 */
function launchHaproxy(binary: string): void {
  const config = writeHaproxyConfig(binary);
  if (stopping) return;
  // The request log (a line per request) is written by HAProxy to its file, never through this
  // process: piped here it cost the launcher an eighth of a core under the staff floor. HAProxy
  // makes its standard output non-blocking and so clears O_APPEND: it writes at the file's offset,
  // which this first line (still appended) moves to the end. The master's notices (a worker forked,
  // a reload) are written through the same open file, so they share that offset and overwrite
  // nothing; its warnings and alerts go to the terminal.
  const out = fs.openSync(path.join(dir, 'haproxy.log'), 'a');
  fs.writeSync(out, `[cluster] HAProxy se inicia ${new Date().toISOString()}\n`);
  const child = spawn(binary, ['-W', '-db', '-f', config], { detached: true, stdio: ['ignore', out, 'pipe'] });
  haproxy = child;
  readline.createInterface({ input: child.stderr! }).on('line', (line) => (/^\[NOTICE\]/.test(line) ? fs.writeSync(out, `${line}\n`) : console.log(`[haproxy] ${line}`)));
  child.once('close', () => fs.closeSync(out));
  fs.writeFileSync(path.join(dir, 'haproxy.pid'), `${child.pid}\n`);
  child.on('exit', (code, signal) => {
    if (haproxy === child) haproxy = null;
    if (!stopping) fail(`HAProxy terminó (${signal ?? `código ${code}`})`);
  });
}

/** SIGUSR2: HAProxy reloads a configuration written again (a deploy of its settings). */
function reloadHaproxy() {
  if (!running || stopping || !haproxy) return;
  try {
    writeHaproxyConfig(which('haproxy')!);
  } catch (error) {
    console.error(`[cluster] HAProxy no se recarga: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  say('recargando HAProxy (SIGUSR2: un proceso nuevo con haproxy.cfg; el anterior termina lo que tiene en curso)');
  haproxy.kill('SIGUSR2');
}

async function awaitHaproxy(): Promise<void> {
  const probe = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  while ((await status(`http://${probe}:${port}/health`)) !== 200) {
    if (!haproxy || stopping) throw new Error('HAProxy no llegó a responder');
    await sleep(100);
  }
}

async function shutdown(code: number): Promise<never> {
  stopping = true;
  firstSignalAt ||= Date.now();
  if (instances.some((i) => i.child)) say('deteniendo las instancias (SIGTERM: terminan lo que tienen en curso; Ctrl+C otra vez para forzar)…');
  await Promise.all(instances.map((i) => stopChild(i.child, 'SIGTERM', DRAIN_MS)));
  if (haproxy) say('deteniendo HAProxy…');
  await stopChild(haproxy, 'SIGTERM', 5000);
  if (ha) {
    say('deteniendo Patroni (cada nodo detiene su PostgreSQL) y etcd…');
    await ha.stop();
  }
  if (pgStarted) {
    say('deteniendo PostgreSQL (pg_ctl stop -m fast)…');
    try {
      pg('down');
    } catch (error) {
      console.error(String(error));
      code ||= 1;
    }
  }
  for (const name of [...instances.map((i) => i.name), 'haproxy', ...(ha ? ['etcd', ...ha.nodes.map((n) => n.name)] : [])]) fs.rmSync(path.join(dir, `${name}.pid`), { force: true });
  say('detenido.');
  process.exit(code);
}

function force(): never {
  say('forzando: SIGKILL a las instancias y a HAProxy, PostgreSQL con -m immediate');
  for (const child of [...instances.map((i) => i.child), haproxy]) child?.kill('SIGKILL');
  ha?.kill();
  if (pgStarted) spawnSync('bash', [pgScript, 'down', pgDir, String(pgPort)], { env: { ...env, PG_STOP_MODE: 'immediate' }, stdio: 'inherit' });
  process.exit(130);
}

function fail(message: string) {
  console.error(`[cluster] ${message}`);
  if (!stopping) void shutdown(1);
}

function onSignal(signal: NodeJS.Signals) {
  if (!stopping) {
    say(`${signal}`);
    void shutdown(0);
    return;
  }
  // `npm run` and tsx pass the terminal's Ctrl+C on: the same one arrives more than once at once.
  if (Date.now() - firstSignalAt > 1000) force();
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('SIGUSR2', reloadHaproxy);

async function main() {
  if (ha && externalDatabase) throw new Error('CLUSTER_HA=1 inicia su propia base de datos: quite DATABASE_URL');
  const missing = [
    !externalDatabase && !postgresInstalled() ? 'postgresql' : null,
    which('haproxy') ? null : 'haproxy',
    ha && !which('patroni') ? 'patroni' : null,
    ha && !which('etcd') ? 'etcd-server' : null,
  ].filter(Boolean);
  if (missing.length > 0) {
    console.error(`[cluster] faltan ${missing.join(', ')}: instale los paquetes de Debian con\n  apt-get install ${missing.join(' ')}`);
    process.exit(1);
  }
  for (const p of [port, statsPort, ...instances.map((i) => i.port)]) {
    if (!(await portFree(p))) throw new Error(`el puerto ${p} está ocupado (PORT, CLUSTER_STATS_PORT o las instancias en PORT+1…PORT+${count})`);
  }
  for (const p of ha ? [pgPort, ...ha.ports()] : []) {
    if (!(await portFree(p))) throw new Error(`el puerto ${p} está ocupado (CLUSTER_PG_PORT y, con CLUSTER_HA, CLUSTER_PG_PORT+1, +2, +10, +11, +21, +22)`);
  }
  // STATIC_DIR names a console built elsewhere; otherwise dist/ is built when stale, once for all instances.
  if (!env.STATIC_DIR) await buildConsoleIfStale();
  fs.mkdirSync(dir, { recursive: true });

  const databaseUrl = externalDatabase ?? (ha ? await ha.start() : startPostgres());
  // With CLUSTER_HA the instances reach the database through HAProxy: it starts first.
  if (ha) launchHaproxy(which('haproxy')!);
  const [first, ...others] = instances;
  say(`${first!.name} en 127.0.0.1:${first!.port}: migra y, si la base está vacía, siembra (SCALE=${env.SCALE ?? 'demo'})…`);
  spawnInstance(first!, databaseUrl);
  await ready(first!);
  for (const instance of others) spawnInstance(instance, databaseUrl);
  await Promise.all(others.map(ready));
  if (!ha) launchHaproxy(which('haproxy')!);
  await awaitHaproxy();
  running = true;

  const where = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const pgPid = externalDatabase || ha ? null : postmasterIn(pgDir);
  say(`Consola en http://${where}:${port}/  (HAProxy; cuentas de demostración: contraseña "demo1234")`);
  say(`  haproxy   pid ${haproxy!.pid}  ${host}:${port} → ${instances.map((i) => i.name).join(', ')} (GET /ready cada 1 s); estadísticas http://127.0.0.1:${statsPort}/`);
  for (const i of instances) say(`  ${i.name.padEnd(9)} pid ${i.child?.pid}  http://127.0.0.1:${i.port}/`);
  if (ha) {
    say(`  postgres  127.0.0.1:${pgPort} (HAProxy, al primario de Patroni), base crm (usuario crm, contraseña en ${shown(path.join(dir, 'pg-password'))})`);
    for (const line of ha.describe()) say(line);
  } else {
    say(externalDatabase ? '  postgres  DATABASE_URL (no lo inicia este script)' : `  postgres  pid ${pgPid}  127.0.0.1:${pgPort}, base crm (usuario crm, contraseña en ${shown(path.join(dir, 'pg-password'))})`);
  }
  say(`  archivos  ${shown(dir)}/ (app*.log: registro de solicitudes; haproxy.cfg, haproxy.log, *.pid, pg/)`);
  say(`Recargar HAProxy: kill -USR2 ${process.pid}. Ctrl+C detiene todo.`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
