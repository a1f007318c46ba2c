import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeOf, eventStream } from '../support/event-stream';
import { timed, type Outcome } from '../support/timed';
import { clusterAction, withClient, freePorts, postgresInstalled, signInAt, sleep, startServer, throwawayPostgres, waitFor, type ServerProcess } from '../support/processes';
import { Msg } from '@/domain/messages';

/**
 * Issue 24 §1–2 with real processes: a server instance (`node server/main.ts`, as production runs
 * it) on a PostgreSQL cluster of this file's own, which the tests restart, stop and start again as
 * a maintenance window or a failover would. Runs in the PostgreSQL layer of `npm test`.
 */

describe.skipIf(!process.env.TEST_DATABASE_URL || !postgresInstalled)('the database goes away and comes back; the instance is told to stop', () => {
  let dir: string;
  let cluster: Awaited<ReturnType<typeof throwawayPostgres>> | undefined;
  let databaseUrl: string;
  let server: ServerProcess;
  let token: string;
  let order: number;
  const auth = () => ({ authorization: `Bearer ${token}` });

  /** pg_ctl on this file's cluster, the event loop free meanwhile. */
  const databaseDoes = (action: 'restart' | 'halt') => clusterAction(action, path.join(dir, 'pg'));

  const list = () => timed(() => fetch(server.url('/orders/secured/orders/allHistory?size=15'), { headers: auth() }));
  const note = (text: string) =>
    timed(() =>
      fetch(server.url('/uaa/secured/doc-note/create'), {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ docCode: 'ORDER', docId: order, description: text }),
      }),
    );
  const database = <T>(work: (client: pg.Client) => Promise<T>) => withClient(databaseUrl, work);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-outage-'));
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'static'));
    cluster = await throwawayPostgres(path.join(dir, 'pg'));
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE crm');
    await admin.end();
    databaseUrl = cluster.url.replace(/\/postgres$/, '/crm');
    server = await startServer({ DATABASE_URL: databaseUrl, SCALE: 'test', SEED: 'true', STATIC_DIR: path.join(dir, 'static'), PG_CONNECT_TIMEOUT_MS: '1000' }, await freePorts());
    token = await signInAt(server.url, 'admin');
    order = await database(async (c) => (await c.query<{ id: number }>('SELECT id FROM orders ORDER BY id DESC LIMIT 1')).rows[0]!.id);
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode() === undefined) server.child.kill('SIGKILL');
    cluster?.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a fast restart of the database under requests: the process lives, every request answers within seconds (200, or a Spanish 503 with Retry-After), and service is back within 5 s', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const client = async (n: number) => {
      for (let turn = 0; running; turn++) outcomes.push(turn % 4 === 3 ? await note(`nota ${n}-${turn}`) : await list());
    };
    const clients = [0, 1, 2, 3].map(client);
    await sleep(1000);
    const restartMs = await databaseDoes('restart');
    const back = Date.now();
    await sleep(6000);
    running = false;
    await Promise.all(clients);

    expect(server.exitCode()).toBeUndefined();
    expect(server.output()).not.toMatch(/Emitted 'error' event|Unhandled/);
    expect(restartMs).toBeLessThan(5000);
    expect(outcomes.length).toBeGreaterThan(20);
    // Never a hang: the pool's connect and statement timeouts answer long before a person gives up.
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(5000);
    for (const refused of outcomes.filter((o) => o.status !== 200)) {
      expect(refused.status).toBe(503);
      // A write whose COMMIT met the restart may have been saved, and says so (server/db/transaction.ts).
      expect([Msg.databaseUnavailable, Msg.commitUnknown]).toContain(refused.body.error_description);
      expect(refused.retryAfter).toBe('2');
    }
    // Within 5 s of the database's return every request is served again.
    const late = outcomes.filter((o) => o.startedAt >= back + 5000);
    expect(late.length).toBeGreaterThan(0);
    expect(late.filter((o) => o.status !== 200)).toEqual([]);
  }, 60_000);

  it('/ready is 503 while the database is down (/health still answers), requests fail at once with a Spanish 503, and both come back by themselves within 5 s of its return', async () => {
    await databaseDoes('halt');
    const ready = await fetch(server.url('/ready'));
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { status: string }).status).toBe('database');
    expect(await (await fetch(server.url('/health'))).text()).toBe('Hey There!!! The App is Healthy');
    for (const outcome of [await list(), await note('durante la caída')]) {
      expect(outcome.status).toBe(503);
      expect(outcome.body.error_description).toBe(Msg.databaseUnavailable);
      expect(outcome.ms).toBeLessThan(3000);
    }
    await databaseDoes('restart');
    const back = Date.now();
    expect(await waitFor(async () => (await fetch(server.url('/ready'))).status === 200, 5000, 100)).toBe(true);
    expect((await list()).status).toBe(200);
    expect(Date.now() - back).toBeLessThan(5000);
    expect(server.exitCode()).toBeUndefined();
  }, 30_000);

  it('an open change stream is told to resync when the database comes back, and hears a change made after it', async () => {
    const stream = eventStream(await fetch(server.url('/orders/secured/changes'), { headers: auth() }), 8000);
    expect(await stream.until(/event: ready/)).toBe(true);
    // The instance hears changes now (after the earlier tests' outages its LISTEN connection may
    // still have been on its way back, and would resync the stream for those).
    const heard = async () => {
      const from = stream.text().length;
      return (await note('antes del reinicio')).status === 200 && (await stream.until(changeOf(order), from, 500));
    };
    expect(await waitFor(heard, 8000, 100)).toBe(true);
    const resyncs = (stream.text().match(/event: resync/g) ?? []).length;
    await databaseDoes('restart');
    // The resync of this restart: what was notified while the connection was away is gone.
    expect(await stream.until(new RegExp(`(?:[^]*?event: resync){${resyncs + 1}}`))).toBe(true);
    const seen = stream.text().length;
    expect(await waitFor(async () => (await note('después del reinicio')).status === 200, 5000, 200)).toBe(true);
    expect(await stream.until(changeOf(order), seen)).toBe(true);
    await stream.close();
  }, 30_000);

  it('SIGTERM mid-request: the request in flight finishes, an open stream is closed with a retry hint, new connections are refused, and the process exits 0', async () => {
    const stream = eventStream(await fetch(server.url('/orders/secured/changes'), { headers: auth() }), 5000);
    expect(await stream.until(/event: ready/)).toBe(true);
    // Someone else holds the order's row: the approval waits on it, in flight, when SIGTERM comes.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    await holder.query("UPDATE orders SET status = 'RISK', total_refund_allowed = 0 WHERE id = $1", [order]);
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [order]);
    const approval = fetch(server.url('/orders/secured/risk/approve'), {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ orderId: order }),
    });
    await sleep(500);
    server.child.kill('SIGTERM');
    expect(await stream.until(/event: closing\ndata: \{\}\nretry: \d+/)).toBe(true);
    expect(await fetch(server.url('/ready')).then((r) => r.status, () => 'refused')).not.toBe(200);
    expect(server.exitCode()).toBeUndefined();
    await holder.query('COMMIT');
    await holder.end();
    const answer = await approval;
    expect(answer.status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM: listo');
    const status = await database(async (c) => (await c.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [order])).rows[0]!.status);
    expect(status).not.toBe('RISK');
  }, 30_000);
});
