import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import { createTestServer, TEST_NOW, type TestServer } from '../support/server';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { iso } from '../../server/clock';
import { createLogger } from '../../server/observability/logger';
import { QueuePaths } from '@/api/contract/queue-paths';
import { Msg } from '@/domain/messages';

const METRICS_TOKEN = 'metricas-de-prueba-7f3a9c';
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

let server: TestServer;
let app: ReturnType<typeof createApp>;
let lines: string[] = [];
const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer({ metricsToken: METRICS_TOKEN });
  // A second app on the same database whose log lines the tests read.
  app = createApp({ db: server.db, config: server.config, clock: server.clock, logger: createLogger('debug', { write: (line: string) => void lines.push(line) }) });
  for (const who of ['soporte', 'fraude', 'operaciones']) tokens[who] = (await server.signIn(who)).access_token;
});
afterAll(async () => {
  await server?.close();
});

const metrics = async (headers: Record<string, string> = { authorization: `Bearer ${METRICS_TOKEN}` }) => {
  const response = await app.request('/metrics', { headers });
  expect(response.status).toBe(200);
  return response.text();
};
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('the request log', () => {
  it('writes one line per request with its id, route pattern, status, duration and actor, and neither the token, the api key, the query values nor the body', async () => {
    lines = [];
    const token = tokens.soporte!;
    const offers = await app.request('/catalog/offers/cll/TOPUP?countryCode=CUB&operator=CUBACEL', {
      headers: { authorization: `Bearer ${token}`, 'api-key': 'clave-de-api-secreta', cookie: 'sesion=galleta-secreta', 'x-request-id': 'obs-request-0001' },
    });
    expect(offers.status).toBe(200);
    const order = await server.db.kysely.selectFrom('orders').select('id').orderBy('id').executeTakeFirstOrThrow();
    const note = await app.request('/uaa/secured/doc-note/create', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-request-id': 'obs-request-0002' },
      body: JSON.stringify({ docCode: 'ORDER', docId: String(order.id), description: 'texto-del-cuerpo-que-no-se-registra' }),
    });
    expect(note.status).toBe(200);

    const [get, post] = logged();
    expect(get).toMatchObject({ level: 'info', msg: 'solicitud', requestId: 'obs-request-0001', method: 'GET', route: '/catalog/offers/cll/:productType', status: 200, actor: 'soporte' });
    expect(post).toMatchObject({ level: 'info', requestId: 'obs-request-0002', method: 'POST', route: '/uaa/secured/doc-note/create', status: 200, actor: 'soporte' });
    for (const line of [get, post]) {
      expect(typeof line!.durationMs).toBe('number');
      expect(line!.durationMs).toBeGreaterThan(0);
      expect(Object.keys(line!).sort()).toEqual(['actor', 'durationMs', 'hostname', 'level', 'method', 'msg', 'pid', 'requestId', 'route', 'status', 'time']);
    }
    const all = lines.join('');
    for (const secret of [token, 'clave-de-api-secreta', 'galleta-secreta', 'CUBACEL', 'texto-del-cuerpo', 'TOPUP']) expect(all).not.toContain(secret);
  });

  it('names no actor on a public route, and logs the checks of a balancer or Prometheus (/health, /ready, /metrics) at debug only', async () => {
    lines = [];
    await app.request('/config.json');
    await app.request('/health');
    await app.request('/ready');
    await app.request('/metrics');
    expect(logged().map((l) => [l.route, l.level, l.actor])).toEqual([
      ['/config.json', 'info', null],
      ['/health', 'debug', null],
      ['/ready', 'debug', null],
      ['/metrics', 'debug', null],
    ]);
  });

  it('a refused request is logged with its status and the pattern that refused it', async () => {
    lines = [];
    expect((await app.request(`/uaa/secured/getAllAccount?email=${encodeURIComponent('alguien@example.com')}`)).status).toBe(401);
    expect(logged()).toMatchObject([{ route: '/:service/secured/*', status: 401, actor: null }]);
    expect(lines.join('')).not.toContain('alguien');
  });

  it('logs an unexpected error through the logger with the request id, and answers a 500 in Spanish', async () => {
    const errors: string[] = [];
    // A database with no tables: the sign-in's first query fails with an error that is not "unavailable".
    const empty = openDatabase({ databaseFile: ':memory:', databaseUrl: null });
    const broken = createApp({ db: empty, config: server.config, clock: server.clock, logger: createLogger('info', { write: (line: string) => void errors.push(line) }) });
    const response = await broken.request('/uaa/oauth/token', {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('crm-console:crm-console-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'obs-request-0500' },
      body: new URLSearchParams({ grant_type: 'password', username: 'soporte', password: 'contraseña-que-no-se-registra' }).toString(),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'server_error', error_description: Msg.serverError });
    const [error, request] = errors.map((line) => JSON.parse(line) as Record<string, unknown> & { err?: { message: string; stack: string } });
    expect(error).toMatchObject({ level: 'error', msg: 'error no controlado', requestId: 'obs-request-0500', route: '/uaa/oauth/token' });
    expect(error!.err!.stack).toContain('no such table');
    expect(Object.keys(error!.err!).sort()).toEqual(['code', 'message', 'stack', 'type']);
    expect(request).toMatchObject({ level: 'warn', requestId: 'obs-request-0500', status: 500 });
    expect(errors.join('')).not.toContain('contraseña-que-no-se-registra');
    await empty.close();
  });

  it('logs a change stream once, when it ends, with how long it was open; change_streams_open counts it meanwhile', async () => {
    lines = [];
    const stream = await app.request(QueuePaths.changes, { headers: { authorization: `Bearer ${tokens.soporte}` } });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: ready');
    expect(sample(await metrics(), 'change_streams_open')).toBe(1);
    expect(logged().filter((l) => l.route === QueuePaths.changes)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await reader.cancel();
    await expect.poll(() => logged().filter((l) => l.route === QueuePaths.changes)).toHaveLength(1);
    const [closed] = logged().filter((l) => l.route === QueuePaths.changes);
    expect(closed).toMatchObject({ level: 'info', msg: 'flujo cerrado', status: 200, actor: 'soporte' });
    expect(closed!.durationMs).toBeGreaterThanOrEqual(50);
    await expect.poll(async () => sample(await metrics(), 'change_streams_open')).toBe(0);
  });
});

describe('GET /metrics access', () => {
  const denied = async (response: Response) => {
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'access_denied', error_description: Msg.metricsDenied });
  };

  it('is a 403 in Spanish from another machine without the token', async () => {
    await denied(await app.request('/metrics', {}, from('203.0.113.9')));
  });

  it('is a 403 without a socket to tell where the request came from (app.request)', async () => {
    await denied(await app.request('/metrics'));
  });

  it('is a 403 with a wrong token, even from this machine, and with a staff bearer token', async () => {
    await denied(await app.request('/metrics', { headers: { authorization: 'Bearer otro-token' } }, from('127.0.0.1')));
    await denied(await app.request('/metrics', { headers: { authorization: `Bearer ${tokens.soporte}` } }));
  });

  it('is a 403 from the loopback socket when the request came through a proxy (X-Forwarded-For, Forwarded)', async () => {
    await denied(await app.request('/metrics', { headers: { 'x-forwarded-for': '127.0.0.1' } }, from('127.0.0.1')));
    await denied(await app.request('/metrics', { headers: { forwarded: 'for=127.0.0.1' } }, from('::1')));
  });

  it('is served to a loopback socket without a proxy header (IPv4, IPv6, IPv4-mapped)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await app.request('/metrics', {}, from(address))).status).toBe(200);
  });

  it('over a real socket: 200 from 127.0.0.1, 403 when it carries X-Forwarded-For', async () => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => listening.once('listening', resolve));
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/metrics`;
    try {
      const local = await fetch(url);
      expect(local.status).toBe(200);
      expect(local.headers.get('cache-control')).toBe('no-store');
      expect((await fetch(url, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(403);
    } finally {
      await new Promise((resolve) => listening.close(resolve));
    }
  });

  it('the metrics token opens /metrics only: it is no staff session', async () => {
    expect((await app.request('/uaa/secured/getAllAccount', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(401);
  });

  it('without METRICS_TOKEN configured, no token opens it', async () => {
    const tokenless = createApp({ db: server.db, config: { ...server.config, metricsToken: null }, clock: server.clock, logger: createLogger('silent') });
    await denied(await tokenless.request('/metrics', { headers: { authorization: 'Bearer ' } }, from('203.0.113.9')));
    await denied(await tokenless.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }, from('203.0.113.9')));
  });
});

describe('GET /metrics content', () => {
  it('is Prometheus text with every metric the issue names, the process metrics included', async () => {
    const response = await app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await response.text();
    for (const name of ['http_request_duration_seconds', 'http_requests_in_flight', 'db_pool_connections', 'db_pool_waiting', 'change_streams_open', 'queue_depth', 'process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds']) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, 'http_requests_in_flight')).toBeGreaterThanOrEqual(1);
  });

  it('counts a request in the duration histogram by its route pattern and status, never by its raw path', async () => {
    const series = 'http_request_duration_seconds_count{method="GET",route="/catalog/offers/cll/:productType",status="200"}';
    const before = sample(await metrics(), series) ?? 0;
    expect((await app.request('/catalog/offers/cll/PREPAGO_ESPECIAL?countryCode=CUB&operator=CUBACEL', { headers: { authorization: `Bearer ${tokens.soporte}` } })).status).toBe(200);
    const text = await metrics();
    expect(sample(text, series)).toBe(before + 1);
    expect(text).not.toContain('PREPAGO_ESPECIAL');
    expect(text).not.toContain('CUBACEL');
  });

  it('reports the pool on PostgreSQL (in use, idle, waiting) and no pool on SQLite', async () => {
    const text = await metrics();
    if (server.db.dialect === 'postgres') {
      expect(sample(text, 'db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_waiting')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('db_pool_connections{');
      expect(sample(text, 'db_pool_waiting')).toBe(0);
    }
  });

  it('reports the depths of the Cola de Riesgo, the Cola de Remesas (an operations specialist\'s) and the pending approvals', async () => {
    const text = await metrics();
    const risk = (await (await server.get(`${QueuePaths.risk}?page=0&size=1`, tokens.fraude)).json()) as { data: { totalElements: number } };
    const remittances = (await (await server.get(`${QueuePaths.remittances}?page=0&size=1`, tokens.operaciones)).json()) as { data: { totalElements: number } };
    const approvals = await server.db.kysely
      .selectFrom('approval_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'requested')
      .where('expires_at', '>', iso(TEST_NOW))
      .executeTakeFirstOrThrow();
    expect(risk.data.totalElements).toBeGreaterThan(0);
    expect(remittances.data.totalElements).toBeGreaterThan(0);
    expect(sample(text, 'queue_depth{queue="riesgo"}')).toBe(risk.data.totalElements);
    expect(sample(text, 'queue_depth{queue="remesas"}')).toBe(remittances.data.totalElements);
    expect(sample(text, 'queue_depth{queue="aprobaciones"}')).toBe(Number(approvals.n));
  });

  it('many apps in one process each have their own registry and share the process metrics', async () => {
    const others = [1, 2, 3].map(() => createApp({ db: server.db, config: server.config, clock: server.clock, logger: createLogger('silent') }));
    for (const other of others) {
      const text = await (await other.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
      expect(text).not.toContain('route="/catalog/offers/cll/:productType"');
    }
  });
});

describe('configuration', () => {
  it('reads METRICS_TOKEN (unset: no token opens /metrics) and LOG_LEVEL (refusing a level pino does not know)', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: ' un-token ' }).metricsToken).toBe('un-token');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });
});
