import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { admission } from '../../server/admission';
import { createTestServer, type TestServer } from '../support/server';
import { ApiError } from '../../server/http';
import { Msg } from '@/domain/messages';
import { QueuePaths } from '@/api/contract/queue-paths';

/**
 * Admission (server/admission.ts): at most `active` API requests are worked on at once; the others
 * wait in the order they came, at most `waitMs`, then get 503 with Retry-After and the Spanish
 * message; a slot is held until the handler answers (a stream holds none), and freed on an error.
 */

/** A handler that answers when told, and the order the handlers started in. */
function gated(settings: { active: number; waitMs: number }) {
  const gate = admission(settings);
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const app = new Hono();
  app.onError((err, c) => (err instanceof ApiError ? c.json({ error_description: err.description }, err.status, err.headers) : c.text('boom', 500)));
  app.use('*', gate.middleware);
  app.get('/:name', async (c) => {
    const name = c.req.param('name');
    started.push(name);
    await new Promise<void>((resolve) => release.set(name, resolve));
    if (name.startsWith('fail')) throw new Error('the handler failed');
    return c.text(name);
  });
  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(condition()).toBe(true);
  };
  return { gate, app, started, release: (name: string) => release.get(name)!(), until };
}

describe('admission, on its own', () => {
  it('works on `active` requests at once; the others start in the order they came, as slots free', async () => {
    const { gate, app, started, release, until } = gated({ active: 2, waitMs: 10_000 });
    const answers = ['a', 'b', 'c', 'd'].map((name) => app.request(`/${name}`));
    await until(() => started.length === 2);
    expect(started).toEqual(['a', 'b']);
    expect([gate.active, gate.waiting]).toEqual([2, 2]);
    release('b');
    await until(() => started.length === 3);
    expect(started).toEqual(['a', 'b', 'c']);
    release('a');
    await until(() => started.length === 4);
    release('c');
    release('d');
    expect(await Promise.all(answers.map(async (a) => (await a).text()))).toEqual(['a', 'b', 'c', 'd']);
    expect([gate.active, gate.waiting, gate.turnedAway]).toEqual([0, 0, 0]);
  });

  it('frees the slot of a handler that fails', async () => {
    const { gate, app, started, release, until } = gated({ active: 1, waitMs: 10_000 });
    const failed = app.request('/fail');
    const next = app.request('/next');
    await until(() => started.length === 1);
    release('fail');
    expect((await failed).status).toBe(500);
    await until(() => started.length === 2);
    release('next');
    expect(await (await next).text()).toBe('next');
    expect(gate.active).toBe(0);
  });

  it('answers 503 with Retry-After and the Spanish message to one that waited too long, and it leaves the line', async () => {
    const { gate, app, started, release, until } = gated({ active: 1, waitMs: 30 });
    const first = app.request('/first');
    await until(() => started.length === 1);
    const late = await app.request('/late');
    expect(late.status).toBe(503);
    expect(late.headers.get('retry-after')).toBe('1');
    expect(await late.json()).toEqual({ error_description: Msg.serverBusy });
    expect([gate.waiting, gate.turnedAway]).toEqual([0, 1]);
    release('first');
    expect((await first).status).toBe(200);
    // The slot went back to nobody: the next one starts at once.
    const again = app.request('/again');
    await until(() => started.length === 2);
    release('again');
    expect((await again).status).toBe(200);
    expect(started).toEqual(['first', 'again']);
  });

  it('lets everything in when `active` is 0', async () => {
    const { app, started, release, until } = gated({ active: 0, waitMs: 1 });
    const answers = ['x', 'y', 'z'].map((name) => app.request(`/${name}`));
    await until(() => started.length === 3);
    for (const name of ['x', 'y', 'z']) release(name);
    expect((await Promise.all(answers)).map((a) => a.status)).toEqual([200, 200, 200]);
  });
});

const METRICS_TOKEN = 'admission-test-metrics-token';

describe('admission in the server', () => {
  let server: TestServer;
  let soporte: string;
  beforeAll(async () => {
    server = await createTestServer({ admission: { active: 1, waitMs: 100 }, metricsToken: METRICS_TOKEN });
    soporte = (await server.signIn('soporte')).access_token;
  });
  afterAll(() => server.close());

  /** A change whose body arrives when told: its request holds the one slot until then. */
  function slowChange() {
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        finish = () => {
          controller.enqueue(new TextEncoder().encode(JSON.stringify({ docCode: 'ORDER', docId: '999999999', action: 'x.y', description: 'lento' })));
          controller.close();
        };
      },
    });
    const answer = server.app.request('/users/secured/action-logs/create', {
      method: 'POST',
      headers: { authorization: `Bearer ${soporte}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    return { answer, finish };
  }

  it('a request that finds the slots taken past the wait is answered 503 in Spanish, and changes nothing; health, readiness and metrics are not in line', async () => {
    const slow = slowChange();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const busy = await server.get('/orders/secured/orders/allHistory?size=1', soporte);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(await busy.json()).toMatchObject({ error: 'unavailable', error_description: Msg.serverBusy });
    expect((await server.get('/health')).status).toBe(200);
    expect((await server.get('/ready')).status).toBe(200);
    const metrics = await (await server.get('/metrics', METRICS_TOKEN)).text();
    expect(metrics).toMatch(/^http_requests_waiting 0$/m);
    expect(metrics).toMatch(/^http_requests_turned_away_total 1$/m);
    slow.finish();
    expect((await slow.answer).status).toBe(404); // its order does not exist: the slot was its own until its answer
    expect((await server.get('/orders/secured/orders/allHistory?size=1', soporte)).status).toBe(200);
  });

  it('an open change stream holds no slot', async () => {
    const stream = await server.get(QueuePaths.changes, soporte);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect((await server.get('/orders/secured/orders/allHistory?size=1', soporte)).status).toBe(200);
    await stream.body?.cancel();
  });
});
