/**
 * The database of `CLUSTER_HA=1 npm run start:cluster` (issue 42 §1, docs/operations.md "High
 * availability"): two PostgreSQL nodes managed by Patroni, which elects the leader in etcd, keeps
 * the other a synchronous standby (a commit is acknowledged once the standby has it), promotes it
 * when the leader is lost and brings the old leader back as a standby (pg_rewind). HAProxy's TCP
 * frontend on CLUSTER_PG_PORT leads to whichever node Patroni's REST check says is the primary
 * (GET /primary): that is the instances' DATABASE_URL, so a failover changes nothing for them.
 *
 *   etcd      127.0.0.1:PG_PORT+10 (clients), +11 (peers)      data in CLUSTER_DIR/ha/etcd
 *   pg1, pg2  PostgreSQL on 127.0.0.1:PG_PORT+1, +2; Patroni's REST API on +21, +22
 *
 * Debian's packages (`etcd-server`, `patroni`, `postgresql`); run as root, Patroni and PostgreSQL
 * run as the `postgres` user. Everything is kept in CLUSTER_DIR/ha between runs, passwords included.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { httpStatus, postmasterIn, sleep, stopChild } from './process-support';

export interface HaOptions {
  dir: string;
  pgPort: number;
  say: (line: string) => void;
  /** Each line of a child's error output, shown with its name. */
  prefixed: (name: string, ...streams: (NodeJS.ReadableStream | null)[]) => void;
  stopping: () => boolean;
  /** A managed process ended while the cluster runs. */
  onExit: (name: string, how: string) => void;
}

export interface HaNode {
  name: string;
  pgPort: number;
  restPort: number;
  child: ChildProcess | null;
  config: string;
}


function binDir(): string {
  const base = '/usr/lib/postgresql';
  const version = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b))
    .pop();
  if (!version) throw new Error('PostgreSQL is not installed');
  return path.join(base, version, 'bin');
}

/**
 * An old primary rewound by pg_rewind replays from the checkpoint before the point where the two
 * diverged; the new primary must still hold that WAL to stream it (its replication slot for the node
 * begins only at the failover). bench:soak found a node waiting for ever for a removed segment after
 * a failover during heavy writes, with Patroni's default of 128 MB. 1 GB covers a checkpoint's
 * distance (max_wal_size); a WAL archive (restore_command) is the production answer
 * (docs/operations.md). A setting every node must share: Patroni reads it from the cluster's
 * configuration in etcd only (a node's own `parameters` are ignored for it).
 */
const WAL_KEEP = '1GB';

/** A password kept in a file of its own (created on the first run). */
function secret(file: string): string {
  if (!fs.existsSync(file)) fs.writeFileSync(file, `${crypto.randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * Run as root, Patroni, psql and pg_ctl run as the postgres user (PostgreSQL refuses root), spawned
 * with its uid and gid rather than through runuser: the child is the program itself, which the
 * launcher's signals (and an operator's kill) reach.
 */
function postgresUser(): { uid?: number; gid?: number; env?: NodeJS.ProcessEnv } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g'), env: { ...process.env, HOME: '/var/lib/postgresql', USER: 'postgres' } };
}

export class HaDatabase {
  readonly home: string;
  readonly etcdPort: number;
  readonly nodes: HaNode[];
  private etcd: ChildProcess | null = null;

  constructor(private readonly options: HaOptions) {
    this.home = path.join(options.dir, 'ha');
    this.etcdPort = options.pgPort + 10;
    this.nodes = [1, 2].map((n) => ({ name: `pg${n}`, pgPort: options.pgPort + n, restPort: options.pgPort + 20 + n, child: null, config: path.join(this.home, `pg${n}.yml`) }));
  }

  /** The ports it binds besides HAProxy's frontend. */
  ports(): number[] {
    return [this.etcdPort, this.etcdPort + 1, ...this.nodes.flatMap((n) => [n.pgPort, n.restPort])];
  }

  /** Starts etcd and both nodes, waits for a leader and its synchronous standby, makes the console's role and database; the instances' DATABASE_URL (through HAProxy). */
  async start(): Promise<string> {
    const { say } = this.options;
    fs.mkdirSync(this.home, { recursive: true, mode: 0o700 });
    // Patroni (the postgres user) makes its data folders in this one, reached through CLUSTER_DIR;
    // only that user and root read it (the configurations hold passwords).
    if (process.getuid?.() === 0) {
      fs.chmodSync(this.options.dir, 0o755);
      fs.chmodSync(this.home, 0o700);
      spawnSync('chown', ['postgres', this.home]);
    }
    const passwords = { superuser: secret(path.join(this.home, 'superuser-password')), replicator: secret(path.join(this.home, 'replicator-password')), crm: secret(path.join(this.options.dir, 'pg-password')) };
    say(`etcd en 127.0.0.1:${this.etcdPort} (datos en ${path.join(this.home, 'etcd')})…`);
    this.startEtcd();
    while ((await httpStatus(`http://127.0.0.1:${this.etcdPort}/version`)) !== 200) {
      if (!this.etcd || this.options.stopping()) throw new Error('etcd no llegó a responder');
      await sleep(200);
    }
    for (const node of this.nodes) {
      fs.mkdirSync(path.join(this.home, `${node.name}-socket`), { recursive: true });
      fs.writeFileSync(node.config, this.patroniConfig(node, passwords), { mode: 0o600 });
      if (process.getuid?.() === 0) spawnSync('chown', ['postgres', node.config, path.join(this.home, `${node.name}-socket`)]);
    }
    say(`PostgreSQL con Patroni: ${this.nodes.map((n) => `${n.name} en 127.0.0.1:${n.pgPort} (REST ${n.restPort})`).join(', ')}…`);
    for (const node of this.nodes) this.startNode(node);
    const leader = await this.waitForLeader(120_000);
    await this.waitForSyncStandby(120_000);
    // A cluster bootstrapped before the setting existed keeps its own configuration in etcd: set it there (Patroni reloads).
    const patched = await fetch(`http://127.0.0.1:${leader.restPort}/config`, { method: 'PATCH', body: JSON.stringify({ postgresql: { parameters: { wal_keep_size: WAL_KEEP } } }) }).catch(() => null);
    if (!patched?.ok) say(`aviso: no se pudo fijar wal_keep_size=${WAL_KEEP} en la configuración de Patroni (${patched?.status ?? 'sin respuesta'})`);
    this.psql(leader, [
      `SELECT 'CREATE ROLE crm LOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'crm')\\gexec`,
      `ALTER ROLE crm PASSWORD '${passwords.crm}';`,
      `SELECT 'CREATE DATABASE crm OWNER crm' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'crm')\\gexec`,
    ]);
    return `postgres://crm:${passwords.crm}@127.0.0.1:${this.options.pgPort}/crm`;
  }

  /** HAProxy's TCP frontend to the primary, for the cluster's haproxy.cfg. */
  haproxySection(): string {
    return `listen postgres
  # The instances' DATABASE_URL: the node whose Patroni says it is the primary (GET /primary 200;
  # 503 on a standby or a node without a leader lock). Connections to a node that stops being the
  # primary are cut, so the instances reconnect to the new one.
  bind 127.0.0.1:${this.options.pgPort}
  mode tcp
  option tcplog
  option httpchk GET /primary
  http-check expect status 200
  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
${this.nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.restPort}`).join('\n')}
`;
  }

  /** The node that is the primary now, if any. */
  async leader(): Promise<HaNode | null> {
    for (const node of this.nodes) if ((await httpStatus(`http://127.0.0.1:${node.restPort}/primary`)) === 200) return node;
    return null;
  }

  async waitForLeader(ms: number): Promise<HaNode> {
    const until = Date.now() + ms;
    for (;;) {
      const leader = await this.leader();
      if (leader) return leader;
      if (Date.now() > until || this.options.stopping()) throw new Error('Patroni no eligió un primario');
      await sleep(500);
    }
  }

  async waitForSyncStandby(ms: number): Promise<HaNode> {
    const until = Date.now() + ms;
    for (;;) {
      for (const node of this.nodes) if ((await httpStatus(`http://127.0.0.1:${node.restPort}/sync`)) === 200) return node;
      if (Date.now() > until || this.options.stopping()) throw new Error('Patroni no tiene un standby síncrono');
      await sleep(500);
    }
  }

  describe(): string[] {
    return [
      `  etcd      pid ${this.etcd?.pid}  127.0.0.1:${this.etcdPort}`,
      ...this.nodes.map((n) => `  ${n.name.padEnd(9)} pid ${n.child?.pid}  PostgreSQL 127.0.0.1:${n.pgPort}, Patroni http://127.0.0.1:${n.restPort}/ (patronictl -c ${n.config} list)`),
    ];
  }

  /**
   * Patroni's nodes first (each stops its PostgreSQL with a fast shutdown), then etcd. A PostgreSQL
   * that Patroni was starting when it was told to stop (a node changing role restarts its own) can
   * outlive it: it is stopped here too.
   */
  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((n) => stopChild(n.child, 'SIGTERM', 60_000)));
    this.stopPostgres('fast');
    await stopChild(this.etcd, 'SIGTERM', 10_000);
  }

  /** Everything at once (a forced stop): Patroni, its PostgreSQL (-m immediate) and etcd. */
  kill(): void {
    for (const node of this.nodes) node.child?.kill('SIGKILL');
    this.stopPostgres('immediate');
    this.etcd?.kill('SIGKILL');
  }

  /** Each node's PostgreSQL still running without its Patroni, stopped with pg_ctl. */
  private stopPostgres(mode: 'fast' | 'immediate') {
    for (const node of this.nodes) {
      const data = path.join(this.home, node.name);
      if (postmasterIn(data) === null) continue;
      spawnSync(path.join(binDir(), 'pg_ctl'), ['-D', data, '-m', mode, 'stop'], { stdio: 'ignore', ...postgresUser() });
    }
  }

  private startEtcd() {
    const data = path.join(this.home, 'etcd');
    const peer = `http://127.0.0.1:${this.etcdPort + 1}`;
    const child = spawn(
      'etcd',
      ['--name', 'crm', '--data-dir', data, '--listen-client-urls', `http://127.0.0.1:${this.etcdPort}`, '--advertise-client-urls', `http://127.0.0.1:${this.etcdPort}`, '--listen-peer-urls', peer, '--initial-advertise-peer-urls', peer, '--initial-cluster', `crm=${peer}`, '--log-level', 'warn'],
      { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.etcd = child;
    child.stderr.pipe(fs.createWriteStream(path.join(this.home, 'etcd.log'), { flags: 'a' }));
    fs.writeFileSync(path.join(this.options.dir, 'etcd.pid'), `${child.pid}\n`);
    child.on('exit', (code, signal) => {
      if (this.etcd === child) this.etcd = null;
      this.options.onExit('etcd', signal ?? `código ${code}`);
    });
  }

  /** A node's Patroni (as the postgres user); its log in CLUSTER_DIR/ha/pgN.log. */
  startNode(node: HaNode) {
    const child = spawn('patroni', [node.config], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], ...postgresUser() });
    node.child = child;
    const log = fs.createWriteStream(path.join(this.home, `${node.name}.log`), { flags: 'a' });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    fs.writeFileSync(path.join(this.options.dir, `${node.name}.pid`), `${child.pid}\n`);
    child.on('exit', (code, signal) => {
      if (node.child === child) node.child = null;
      this.options.onExit(node.name, signal ?? `código ${code}`);
    });
  }

  private psql(node: HaNode, lines: string[]) {
    const args = ['-h', path.join(this.home, `${node.name}-socket`), '-p', String(node.pgPort), '-U', 'postgres', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', 'postgres'];
    const result = spawnSync(path.join(binDir(), 'psql'), args, { input: lines.join('\n'), encoding: 'utf8', ...postgresUser() });
    if (result.status !== 0) throw new Error(`PostgreSQL (${node.name}): ${result.stderr.trim()}`);
  }

  private patroniConfig(node: HaNode, passwords: { superuser: string; replicator: string }): string {
    const data = path.join(this.home, node.name);
    // YAML by hand: every value here is a port, a path under CLUSTER_DIR or a hex password.
    return `# Written by scripts/cluster-ha.ts on every start (CLUSTER_HA=1 npm run start:cluster): edits here are lost.
scope: crm
name: ${node.name}
restapi:
  listen: 127.0.0.1:${node.restPort}
  connect_address: 127.0.0.1:${node.restPort}
etcd3:
  hosts: 127.0.0.1:${this.etcdPort}
bootstrap:
  dcs:
    # The leader lock lives 20 s without its holder renewing it (Patroni's least): a dead leader's
    # standby is promoted within about 20-25 s. loop_wait + 2 × retry_timeout ≤ ttl.
    ttl: 20
    loop_wait: 2
    retry_timeout: 5
    maximum_lag_on_failover: 1048576
    # A commit is acknowledged once the synchronous standby has it: a failover loses nothing acknowledged.
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      parameters:
        wal_log_hints: 'on'
        max_connections: 200
        # WAL_KEEP below: Patroni takes it from here (the cluster's shared settings), not from a node's own.
        wal_keep_size: ${WAL_KEEP}
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
    - data-checksums
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 scram-sha-256
    - host all all 127.0.0.1/32 scram-sha-256
postgresql:
  listen: 127.0.0.1:${node.pgPort}
  connect_address: 127.0.0.1:${node.pgPort}
  data_dir: ${data}
  bin_dir: ${binDir()}
  pgpass: ${path.join(this.home, `${node.name}.pgpass`)}
  authentication:
    superuser:
      username: postgres
      password: ${passwords.superuser}
    replication:
      username: replicator
      password: ${passwords.replicator}
    rewind:
      username: postgres
      password: ${passwords.superuser}
  parameters:
    unix_socket_directories: ${path.join(this.home, `${node.name}-socket`)}
`;
  }
}
