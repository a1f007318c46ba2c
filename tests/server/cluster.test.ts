import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStream } from '../support/event-stream';
import { alive, freePorts, listening, postgresInstalled, root, signInAt, sleep, startLauncher, waitFor, type Launcher } from '../support/processes';
import { postmasterIn } from '../../scripts/process-support';

/**
 * `npm run start:cluster` (scripts/cluster.ts, docs/operations.md): PostgreSQL of its own, two
 * server instances and HAProxy in front, on scratch ports and a scratch folder. Runs in the
 * PostgreSQL layer of `npm test` (TEST_DATABASE_URL; the launcher starts a PostgreSQL of its own)
 * on a machine with Debian's postgresql and haproxy.
 */
const installed = (program: string) => [...(process.env.PATH ?? '').split(':'), '/usr/sbin'].some((d) => fs.existsSync(path.join(d, program)));
const freeBase = () => freePorts([0, 1, 2, 50, 60]);

describe.skipIf(!process.env.TEST_DATABASE_URL || !postgresInstalled || !installed('haproxy'))('npm run start:cluster: PostgreSQL, two instances and HAProxy', () => {
  let dir: string;
  let port: number;
  let launcher: Launcher | undefined;
  const output = () => launcher?.output() ?? '';
  const exitCode = () => launcher?.exitCode();
  const url = (p: string) => `http://127.0.0.1:${port}${p}`;
  const pidOf = (name: string) => Number(fs.readFileSync(path.join(dir, 'cluster', `${name}.pid`), 'utf8'));
  const postmasterPid = () => postmasterIn(path.join(dir, 'cluster', 'pg'));

  const signIn = () => signInAt(url);
  const orders = (token: string) => fetch(url('/orders/secured/orders/allHistory?size=15'), { headers: { authorization: `Bearer ${token}` } });
  /** Which instance a request without a session (round robin) answered. */
  const healthServedBy = async () => (await fetch(url('/health'))).headers.get('x-served-by');
  /** A session HAProxy sends to this instance (one person's requests go to one instance: hashed by the session). */
  const tokenOn = async (name: string) => {
    for (let attempt = 0; attempt < 30; attempt++) {
      const token = await signIn();
      if ((await orders(token)).headers.get('x-served-by') === name) return token;
    }
    throw new Error(`no session went to ${name} in 30 sign-ins`);
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-cluster-'));
    fs.chmodSync(dir, 0o755); // PostgreSQL's own user reaches its data folder inside
    fs.mkdirSync(path.join(dir, 'static'));
    port = await freeBase();
    launcher = await startLauncher(
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        CLUSTER_PG_PORT: String(port + 50),
        CLUSTER_STATS_PORT: String(port + 60),
        CLUSTER_DIR: path.join(dir, 'cluster'),
        // No console build here (the browser layer builds dist/ at the same time): the API only.
        STATIC_DIR: path.join(dir, 'static'),
        SCALE: 'test',
      },
      90_000,
    );
  }, 120_000);

  afterAll(async () => {
    if (exitCode() === undefined) launcher?.child.kill('SIGINT');
    if (!(await waitFor(() => exitCode() !== undefined, 30_000))) {
      launcher?.child.kill('SIGKILL');
      for (const name of ['app1', 'app2', 'haproxy']) {
        try {
          process.kill(pidOf(name), 'SIGKILL');
        } catch {
          // gone already
        }
      }
    }
    spawnSync('bash', ['scripts/pg-cluster.sh', 'down', path.join(dir, 'cluster', 'pg'), String(port + 50)], { cwd: root, env: { ...process.env, PG_STOP_MODE: 'immediate' } });
    fs.rmSync(dir, { recursive: true, force: true });
    if (exitCode() !== 0) console.log(output());
  });

  it('answers on PORT through HAProxy: /health, a sign-in, a signed-in list and a change stream', async () => {
    expect(await (await fetch(url('/health'))).text()).toBe('Hey There!!! The App is Healthy');
    const token = await signIn();
    const list = await orders(token);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { data: { elements: unknown[] } }).data.elements).toHaveLength(15);
    const stream = eventStream(await fetch(url('/orders/secured/changes'), { headers: { authorization: `Bearer ${token}` } }));
    expect(await stream.until(/event: ready/)).toBe(true);
    await stream.close();
  });

  it('spreads requests over both instances and passes the client’s X-Request-Id through', async () => {
    const served = new Set<string | null>();
    for (let i = 0; i < 6; i++) {
      const response = await fetch(url('/health'), { headers: { 'x-request-id': `cluster-test-${i}` } });
      expect(response.headers.get('x-request-id')).toBe(`cluster-test-${i}`);
      served.add(response.headers.get('x-served-by'));
    }
    expect([...served].sort()).toEqual(['app1', 'app2']);
  });

  it('keeps one person on one instance (hashed by the session), so one’s own write is read back where it was made; sessions spread over both', async () => {
    const byToken = new Map<string, Set<string | null>>();
    for (let i = 0; i < 8; i++) {
      const token = await signIn();
      const served = new Set<string | null>();
      for (let j = 0; j < 4; j++) served.add((await orders(token)).headers.get('x-served-by'));
      byToken.set(token, served);
    }
    expect([...byToken.values()].map((served) => served.size)).toEqual(Array(8).fill(1));
    expect(new Set([...byToken.values()].flatMap((served) => [...served])).size).toBe(2);
  });

  it('an instance killed with kill -9: every request still succeeds, HAProxy marks it down, and the launcher starts it again', async () => {
    const token = await tokenOn('app2'); // a person on the instance that dies
    const victim = pidOf('app2');
    process.kill(victim, 'SIGKILL');
    const statuses: number[] = [];
    for (const until = Date.now() + 3000; Date.now() < until; await sleep(50)) statuses.push((await orders(token)).status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(output()).toContain('app2 terminó (SIGKILL)');
    expect(output()).toContain('Server instances/app2 is DOWN');
    await expect.poll(() => output().includes('Server instances/app2 is UP'), { timeout: 30_000, interval: 200 }).toBe(true);
    expect(pidOf('app2')).not.toBe(victim);
    // Both serve again, and the person is back on app2. Polled: on a loaded machine a health check
    // may flap for a second (fall 2, rise 1), and requests meanwhile all meet one instance.
    const served = new Set<string | null>();
    await expect
      .poll(
        async () => {
          served.add(await healthServedBy());
          return [...served].sort();
        },
        { timeout: 10_000, interval: 100 },
      )
      .toEqual(['app1', 'app2']);
    await expect.poll(async () => (await orders(token)).headers.get('x-served-by'), { timeout: 10_000, interval: 100 }).toBe('app2');
  }, 60_000);

  it('an instance that dies holding requests: a GET is answered by the other instance, a note (POST) is not sent a second time by HAProxy', async () => {
    // Two people: one on the instance that stops and dies, one on the other.
    const [doomed, other] = [await tokenOn('app1'), await tokenOn('app2')];
    const text = `cluster in flight ${Date.now()}`;
    const stored = async () => {
      const list = await fetch(url('/orders/secured/notes/list?orderId=1&page=0&size=50'), { headers: { authorization: `Bearer ${other}` } });
      return JSON.stringify(await list.json()).split(text).length - 1;
    };
    const note = (token: string, n: number) =>
      fetch(url('/uaa/secured/doc-note/create'), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ docCode: 'ORDER', docId: 1, description: `${text} ${n}` }),
      }).then(
        (response) => response.status,
        () => 'closed' as const,
      );
    // A stopped process still has its port: the kernel takes the connections HAProxy opens and the
    // requests wait there. The doomed person's read and note go to it; then it is killed.
    const victim = pidOf('app1');
    process.kill(victim, 'SIGSTOP');
    const reads: Promise<Response>[] = [];
    const notes: Promise<number | 'closed'>[] = [];
    for (const send of [() => reads.push(orders(doomed)), () => reads.push(orders(other)), () => notes.push(note(doomed, 1)), () => notes.push(note(other, 2))]) {
      send();
      await sleep(60);
    }
    await sleep(200);
    const mark = output().length;
    process.kill(victim, 'SIGKILL');
    const answered = await Promise.all(reads);
    expect(answered.map((r) => r.status)).toEqual([200, 200]);
    expect(answered.map((r) => r.headers.get('x-served-by'))).toEqual(['app2', 'app2']);
    const written = await Promise.all(notes);
    // The other person's note is stored; the doomed one's reached app1 and is not sent again by HAProxy.
    expect(written[1]).toBe(200);
    expect(written[0]).not.toBe(200);
    expect(await stored()).toBe(1);
    await expect.poll(() => output().slice(mark).includes('app1 terminó (SIGKILL)'), { timeout: 5000, interval: 100 }).toBe(true);
    await expect.poll(() => output().slice(mark).includes('Server instances/app1 is UP'), { timeout: 30_000, interval: 200 }).toBe(true);
    await expect.poll(async () => new Set(await Promise.all([0, 1, 2, 3].map(healthServedBy))).size, { timeout: 30_000, interval: 500 }).toBe(2);
  }, 60_000);

  it("SIGUSR2 reloads HAProxy (a new worker on haproxy.cfg written again) while requests flow: every request succeeds, HAProxy's pid stays, the old worker leaves", async () => {
    const token = await signIn();
    const master = pidOf('haproxy');
    const workers = () => fs.readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    const [before] = workers();
    expect(before).toBeGreaterThan(0);
    const statuses: number[] = [];
    const load = (async () => {
      for (const until = Date.now() + 4000; Date.now() < until; ) statuses.push((await orders(token)).status);
    })();
    await sleep(1000);
    launcher!.child.kill('SIGUSR2');
    await load;
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(output()).toContain('recargando HAProxy');
    expect(pidOf('haproxy')).toBe(master);
    // The old worker leaves once its connections end (this test's keep-alive one at the latest when idle).
    await expect.poll(() => workers().includes(before!), { timeout: 40_000, interval: 500 }).toBe(false);
    expect(workers()).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, 'cluster', 'haproxy.log'), 'utf8')).toContain('Reloading HAProxy');
  }, 60_000);

  it('SIGINT (Ctrl+C) stops every process it started, a change stream open: instances, HAProxy, PostgreSQL; their ports are free', async () => {
    const pids = [pidOf('app1'), pidOf('app2'), pidOf('haproxy'), postmasterPid()!];
    expect(pids.every(alive)).toBe(true);
    const stream = eventStream(await fetch(url('/orders/secured/changes'), { headers: { authorization: `Bearer ${await signIn()}` } }));
    expect(await stream.until(/event: ready/)).toBe(true);
    launcher?.child.kill('SIGINT');
    await expect.poll(exitCode, { timeout: 30_000, interval: 200 }).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    const ports = [port, port + 1, port + 2, port + 50, port + 60];
    // Which ports still answer, if any (a socket may outlive its process by a moment).
    const open = async () => (await Promise.all(ports.map(async (p) => ((await listening(p)) ? p : null)))).filter((p) => p !== null);
    await expect.poll(open, { timeout: 10_000, interval: 250 }).toEqual([]);
    expect(output()).toMatch(/deteniendo las instancias[^]*deteniendo HAProxy[^]*deteniendo PostgreSQL[^]*detenido\./);
  }, 45_000);
});
