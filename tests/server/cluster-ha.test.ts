import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { alive, freePorts, listening, postgresInstalled, signInAt, sleep, startLauncher, waitFor, withClient, type Launcher } from '../support/processes';
import { timed, type Outcome } from '../support/timed';
import { postmasterIn, which } from '../../scripts/process-support';
import { HAPROXY_ERRORS } from '../../scripts/haproxy-errors';
import { Msg } from '@/domain/messages';

/**
 * `CLUSTER_HA=1 npm run start:cluster` (scripts/cluster-ha.ts, issue 42 §1): etcd, two PostgreSQL
 * nodes under Patroni (synchronous), two instances and HAProxy, on scratch ports and a scratch
 * folder; the leader's Patroni and PostgreSQL killed with kill -9 under writes. Runs in the
 * PostgreSQL layer of `npm test` where Debian's patroni, etcd-server and haproxy are installed
 * (.ci/run installs them).
 */
const installed = ['haproxy', 'patroni', 'etcd'].every((program) => which(program) !== null);
// PORT, its instances (+1, +2), the stats page (+60), HAProxy's database frontend (+50) and what
// CLUSTER_HA adds beside it: the nodes (+51, +52), etcd (+60, +61 — the stats page moves to +80)
// and Patroni's REST API (+71, +72).
const freeBase = () => freePorts([0, 1, 2, 50, 51, 52, 60, 61, 71, 72, 80]);

describe.skipIf(!process.env.TEST_DATABASE_URL || !postgresInstalled || !installed)('CLUSTER_HA=1 npm run start:cluster: Patroni fails the database over by itself', () => {
  let dir: string;
  let port: number;
  let launcher: Launcher | undefined;
  const output = () => launcher?.output() ?? '';
  const exitCode = () => launcher?.exitCode();
  const url = (p: string) => `http://127.0.0.1:${port}${p}`;
  const cluster = () => path.join(dir, 'cluster');
  const pidOf = (name: string) => Number(fs.readFileSync(path.join(cluster(), `${name}.pid`), 'utf8'));
  const postmasterPid = (node: string) => postmasterIn(path.join(cluster(), 'ha', node));
  const rest = (node: string, check: string) => fetch(`http://127.0.0.1:${port + (node === 'pg1' ? 71 : 72)}${check}`).then((r) => r.status, () => 0);
  const leader = async () => ((await rest('pg1', '/primary')) === 200 ? 'pg1' : (await rest('pg2', '/primary')) === 200 ? 'pg2' : null);
  const database = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const password = fs.readFileSync(path.join(cluster(), 'pg-password'), 'utf8').trim();
    return withClient(`postgres://crm:${password}@127.0.0.1:${port + 50}/crm`, async (client) => (await client.query<T>(text, values)).rows);
  };

  const signIn = () => signInAt(url);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-cluster-ha-'));
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'static'));
    port = await freeBase();
    launcher = await startLauncher(
      {
        CLUSTER_HA: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        CLUSTER_PG_PORT: String(port + 50),
        CLUSTER_STATS_PORT: String(port + 80),
        CLUSTER_DIR: cluster(),
        STATIC_DIR: path.join(dir, 'static'),
        SCALE: 'test',
      },
      150_000,
    );
  }, 180_000);

  // A failure says what the cluster did: the launcher's lines and the end of each Patroni's and etcd's log
  // (CI keeps only the output, and afterAll removes the folder).
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail') return;
    const tail = (name: string) => {
      try {
        return fs.readFileSync(path.join(cluster(), 'ha', name), 'utf8').split('\n').slice(-60).join('\n');
      } catch {
        return '(sin registro)';
      }
    };
    console.log(['launcher:', output(), ...['pg1.log', 'pg2.log', 'etcd.log'].map((name) => `${name}:\n${tail(name)}`)].join('\n'));
  });

  afterAll(async () => {
    if (exitCode() === undefined) launcher?.child.kill('SIGINT');
    if (!(await waitFor(() => exitCode() !== undefined, 60_000))) {
      launcher?.child.kill('SIGKILL');
      for (const name of ['app1', 'app2', 'haproxy', 'pg1', 'pg2', 'etcd']) {
        try {
          process.kill(pidOf(name), 'SIGKILL');
        } catch {
          // gone already
        }
      }
    }
    for (const node of ['pg1', 'pg2']) {
      try {
        process.kill(postmasterPid(node)!, 'SIGKILL');
      } catch {
        // stopped, or never started
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
    if (exitCode() !== 0) console.log(output());
  });

  it('starts a leader and a synchronous standby, and serves the console through HAProxy on them', async () => {
    const first = await leader();
    expect(first).not.toBeNull();
    const other = first === 'pg1' ? 'pg2' : 'pg1';
    await expect.poll(() => rest(other, '/sync'), { timeout: 30_000, interval: 500 }).toBe(200);
    const token = await signIn();
    expect((await fetch(url('/orders/secured/orders/allHistory?size=5'), { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    // A rewound old leader replays from before the split: the primary keeps that WAL (bench:soak found it missing).
    expect(await database<{ wal_keep_size: string }>('SHOW wal_keep_size')).toEqual([{ wal_keep_size: '1GB' }]);
  });

  it("the leader's host dies (kill -9 of its Patroni and PostgreSQL) under writes: the standby takes over within 30 s, nothing acknowledged is lost or stored twice, no instance exits, and the old leader comes back as the standby", async () => {
    const token = await signIn();
    const order = (await database<{ id: number }>('SELECT id FROM orders ORDER BY id DESC LIMIT 1'))[0]!.id;
    const instances = [pidOf('app1'), pidOf('app2')];
    const outcomes: Outcome[] = [];
    const acknowledged: string[] = [];
    let running = true;
    // Staff writing notes as the console does: a refusal is sent again with the same key until acknowledged.
    const writer = async (n: number) => {
      for (let turn = 0; running; turn++) {
        const text = `patroni ${n}-${turn}`;
        const key = crypto.randomUUID();
        for (;;) {
          const outcome = await timed(() =>
            fetch(url('/uaa/secured/doc-note/create'), {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
              body: JSON.stringify({ docCode: 'ORDER', docId: order, description: text }),
            }),
          );
          outcomes.push(outcome);
          if (outcome.status === 200) {
            acknowledged.push(text);
            break;
          }
          await sleep(500);
        }
      }
    };
    const writers = [0, 1, 2].map(writer);
    let dead: string;
    try {
      await sleep(1500);
      dead = (await leader())!;
      const victims = [pidOf(dead), postmasterPid(dead)!];
      const died = Date.now();
      for (const pid of victims) process.kill(pid, 'SIGKILL');
      // Served again: a note acknowledged after the death.
      await expect.poll(() => outcomes.some((o) => o.startedAt > died && o.status === 200), { timeout: 40_000, interval: 200 }).toBe(true);
      const back = outcomes.find((o) => o.startedAt > died && o.status === 200)!;
      expect(back.startedAt + back.ms - died, `served again ${back.startedAt + back.ms - died} ms after the leader died`).toBeLessThan(30_000);
      // The standby leads. Its REST API says so once its Patroni's loop has run after the promotion: on a
      // loaded host (CI's browser layer beside) that can come after the first write it serves.
      const survivor = dead === 'pg1' ? 'pg2' : 'pg1';
      await expect.poll(leader, { timeout: 15_000, interval: 250 }).toBe(survivor);
      await sleep(2000);
    } finally {
      // A failure above must not leave writers running into the next test.
      running = false;
      await Promise.all(writers);
    }

    expect(instances.every(alive)).toBe(true);
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(10_000);
    for (const refused of outcomes.filter((o) => o.status !== 200)) {
      // From an instance (its database away) or from HAProxy (both instances out while /ready said no).
      expect(refused.status).toBe(503);
      expect([Msg.databaseUnavailable, Msg.commitUnknown, HAPROXY_ERRORS[503]![1]]).toContain(refused.body.error_description);
    }
    const stored = await database<{ description: string; n: string }>("SELECT description, count(*) AS n FROM notes WHERE description LIKE 'patroni %' GROUP BY description");
    expect(stored.filter((row) => Number(row.n) !== 1)).toEqual([]);
    expect(new Set(stored.map((row) => row.description))).toEqual(new Set(acknowledged));

    // The launcher started the dead node's Patroni again: it rewinds and follows the new leader.
    expect(output()).toContain(`${dead} terminó (SIGKILL)`);
    await expect.poll(() => rest(dead, '/sync'), { timeout: 60_000, interval: 500 }).toBe(200);
  }, 150_000);

  it("a switchover back (patronictl, the runbook's command): the leader changes within seconds and the console writes again", async () => {
    // Signed in before: a sign-in during the switchover may meet the same 503s as any other write.
    const token = await signIn();
    const from = (await leader())!;
    const to = from === 'pg1' ? 'pg2' : 'pg1';
    await expect.poll(() => rest(to, '/sync'), { timeout: 60_000, interval: 500 }).toBe(200);
    const switched = spawnSync('patronictl', ['-c', path.join(cluster(), 'ha', `${from}.yml`), 'switchover', '--leader', from, '--candidate', to, '--force'], { encoding: 'utf8' });
    expect(switched.status, switched.stderr).toBe(0);
    await expect.poll(leader, { timeout: 30_000, interval: 500 }).toBe(to);
    const note = async () =>
      (
        await fetch(url('/uaa/secured/doc-note/create'), {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({ docCode: 'ORDER', docId: 1, description: 'tras el cambio de primario' }),
        })
      ).status;
    await expect.poll(note, { timeout: 15_000, interval: 500 }).toBe(200);
    await expect.poll(() => rest(from, '/sync'), { timeout: 60_000, interval: 500 }).toBe(200);
  }, 150_000);

  it('SIGINT stops every process it started: instances, HAProxy, both nodes with their PostgreSQL, etcd; their ports are free', async () => {
    const pids = ['app1', 'app2', 'haproxy', 'pg1', 'pg2', 'etcd'].map(pidOf);
    // Both nodes' PostgreSQL running (a node that has just changed role restarts its own).
    const running = (node: string) => alive(postmasterPid(node) ?? -1);
    await expect.poll(() => running('pg1') && running('pg2'), { timeout: 60_000, interval: 500 }).toBe(true);
    const postmasters = [postmasterPid('pg1')!, postmasterPid('pg2')!];
    expect([...pids, ...postmasters].every(alive)).toBe(true);
    launcher?.child.kill('SIGINT');
    await expect.poll(exitCode, { timeout: 60_000, interval: 200 }).toBe(0);
    expect([...pids, ...postmasters].filter(alive)).toEqual([]);
    const ports = [port, port + 1, port + 2, port + 50, port + 51, port + 52, port + 60, port + 71, port + 72, port + 80];
    // Which ports still answer, if any (a socket may outlive its process by a moment).
    const open = async () => (await Promise.all(ports.map(async (p) => ((await listening(p)) ? p : null)))).filter((p) => p !== null);
    await expect.poll(open, { timeout: 10_000, interval: 250 }).toEqual([]);
    expect(output()).toMatch(/deteniendo las instancias[^]*deteniendo HAProxy[^]*deteniendo Patroni[^]*detenido\./);
  }, 90_000);
});
