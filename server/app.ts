import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import { routePath } from 'hono/route';
import type { AppDeps, AppEnv, AppInput } from './deps';
import { ApiError, badRequest, errorBody, hasControlChars, notFound } from './http';
import { createRuntime } from './runtime';
import { unavailable } from './db/unavailable';
import { databaseReady } from './db/readiness';
import { clientIp, requireBearer } from './auth/middleware';
import { ROUTE_MODULES } from './routes';
import { Msg } from '@/domain/messages';
import type { RuntimeConfig } from '@/api/contract/runtime-config';
import { DISPLAY_TIME_ZONE } from '@/domain/time-zone';
import { FRAUD_CONFIG_PATH } from '@/api/contract/fraud-config';
import { serveAsset, serveIndex, serveUnhashed } from './shell/assets';
import { idempotency } from './lifecycle/idempotency';
import { processLogger } from './observability/logger';
import { createMetrics } from './observability/metrics';
import { admission } from './admission';
import { metricsEndpoint } from './observability/metrics-endpoint';
import { requestLog } from './observability/request-log';

/** The first path segment of every service of the contract: these never fall through to the console. */
export const API_PREFIXES = [
  'uaa', 'users', 'orders', 'rorders', 'blacklist', 'customer', 'upg', 'riskcontrol', 'remittances',
  'reports', 'catalog', 'messenger', 'vphone', 'fraud-config',
] as const;

export const HEALTH_TEXT = 'Hey There!!! The App is Healthy';

/** The reference server as a Hono app: no port needed, so tests call `app.request()`. */
export function createApp(input: AppInput) {
  const deps: AppDeps = { ...input, runtime: input.runtime ?? createRuntime(), logger: input.logger ?? processLogger(input.config.logLevel) };
  const admitted = admission(deps.config.admission);
  const metrics = createMetrics(deps, admitted);
  const app = new Hono<AppEnv>();

  app.onError((err, c) => {
    // The database away or busy is a 503 the client may retry, not a bug.
    const known = err instanceof ApiError ? err : unavailable(err);
    if (known) {
      for (const [name, value] of Object.entries(known.headers)) c.header(name, value);
      return c.json(errorBody(known), known.status);
    }
    deps.logger.error({ err, requestId: c.get('requestId') ?? null, method: c.req.method, route: routePath(c) }, 'error no controlado');
    return c.json({ error: 'server_error', error_description: Msg.serverError }, 500);
  });

  // First, so its duration covers everything else: one log line and one histogram count per request.
  app.use('*', requestLog(deps, metrics));

  // A draining instance (SIGTERM) still answers what reaches it, and closes each connection after
  // its answer so the balancer opens the next one to another instance.
  app.use('*', async (c, next) => {
    const end = deps.runtime.began();
    try {
      await next();
    } finally {
      end();
      if (deps.runtime.draining) c.header('Connection', 'close');
    }
  });

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", ...(deps.config.publicApiBaseUrl ? [deps.config.publicApiBaseUrl] : [])],
        frameAncestors: ["'none'"],
      },
    }),
  );
  // Every request has an id (a proxy's X-Request-Id when it is well formed, else a new one): the
  // transitions it causes carry it, so QA can go from a transition to the request's log lines.
  app.use('*', async (c, next) => {
    const given = c.req.header('x-request-id');
    const id = given && /^[A-Za-z0-9._:-]{8,80}$/.test(given) ? given : crypto.randomUUID();
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    await next();
  });
  // At most MAX_ACTIVE_REQUESTS API requests are worked on at once, the others wait their turn
  // (server/admission.ts): before anything that may read the database. Health, readiness, metrics
  // and the console's files never wait.
  for (const prefix of API_PREFIXES) app.use(`/${prefix}/*`, admitted.middleware);
  // Only the sign-in counts by source (the throttle); reading the socket's address costs every other request.
  app.use('/uaa/oauth/token', clientIp(deps));
  const limitBody = bodyLimit({
    maxSize: 2 * 1024 * 1024,
    onError: () => {
      throw new ApiError(413, 'invalid_request', Msg.bodyTooLarge);
    },
  });
  // A GET or HEAD has no body to limit (no handler of one reads it), and asking whether it has one
  // builds the request's full web Request on @hono/node-server: a cost on every read (issue 42 §5).
  app.use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));

  // Every change may carry an Idempotency-Key: a retry replays the first answer (on any instance).
  app.use('*', idempotency(deps));

  // A query names each parameter once (which of two would count is a guess; a WAF and the server
  // could guess differently), and its values are text a person typed: no control characters.
  app.use('*', async (c, next) => {
    const seen = new Set<string>();
    for (const [key, value] of new URL(c.req.url).searchParams) {
      if (seen.has(key)) throw badRequest(Msg.repeatedParam(key.slice(0, 60)));
      seen.add(key);
      if (hasControlChars(value) || hasControlChars(key)) throw badRequest(Msg.controlChars);
    }
    await next();
  });

  // An answer to a signed-in request is that staff member's data: no cache (browser, proxy) keeps it
  // (issue 13 §5; OWASP ASVS 14.3). Errors included: they can name what the request was about.
  app.use('*', async (c, next) => {
    await next();
    if (c.req.header('authorization') && (c.res.headers.get('content-type') ?? '').includes('application/json')) c.res.headers.set('Cache-Control', 'no-store');
  });

  // Liveness: the process answers (the spec's text), whatever the database does.
  app.get('/health', (c) => c.text(HEALTH_TEXT));
  // Readiness, what a balancer checks: the database answers, every migration is applied, and the
  // instance is not shutting down.
  app.get('/ready', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (deps.runtime.draining) return c.json({ status: 'draining', error_description: Msg.shuttingDown }, 503);
    const ready = await databaseReady(deps.db);
    return ready === true ? c.json({ status: 'ready' }) : c.json({ status: ready, error_description: Msg.notReady }, 503);
  });
  // Prometheus: this machine or the metrics token only (no staff session needed).
  app.get('/metrics', metricsEndpoint(deps, metrics));

  app.get('/config.json', (c) => {
    const config: RuntimeConfig = {
      apiBaseUrl: deps.config.publicApiBaseUrl,
      smsHost: deps.config.publicApiBaseUrl,
      fraudConfigUrl: `${deps.config.publicApiBaseUrl}${FRAUD_CONFIG_PATH}`,
      fraudConfigClient: deps.config.fraudConfigClient,
      timeZone: DISPLAY_TIME_ZONE,
      oauthClientId: deps.config.oauthClientId,
      companyId: deps.config.companyId,
      tenant: deps.config.tenant,
      customerSiteUrl: deps.config.customerSiteUrl,
      fourEyesThresholdUsd: deps.config.fourEyes.thresholdUsd,
      slaHours: deps.config.slaHours,
    };
    c.header('Cache-Control', 'no-cache');
    return c.json(config);
  });

  app.use('/:service/secured/*', requireBearer(deps));
  for (const routes of ROUTE_MODULES) app.route('/', routes(deps));

  // Unknown API paths answer JSON, never the console's page.
  for (const prefix of API_PREFIXES) {
    app.all(`/${prefix}`, () => {
      throw notFound();
    });
    app.all(`/${prefix}/*`, () => {
      throw notFound();
    });
  }

  // The built console: hashed assets cached for good; index.html (for every other path) and any
  // other unhashed file asked again on every visit (server/shell/assets.ts).
  const staticDir = path.resolve(deps.config.staticDir);
  if (fs.existsSync(staticDir)) {
    app.get('/assets/*', serveAsset(staticDir));
    app.use('*', serveUnhashed(staticDir));
  }
  const index = serveIndex(staticDir);
  app.get('*', (c) => index(c) ?? c.text('La consola no está compilada: ejecute "npm run build" o "npm start".', 503));
  app.all('*', () => {
    throw notFound();
  });

  return app;
}
