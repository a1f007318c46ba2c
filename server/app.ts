import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppDeps, AppEnv } from './deps';
import { ApiError, badRequest, errorBody, hasControlChars, notFound } from './http';
import { clientIp, requireBearer } from './auth/middleware';
import { ROUTE_MODULES } from './routes';
import { Msg } from '@/domain/messages';
import type { RuntimeConfig } from '@/api/contract/runtime-config';
import { DISPLAY_TIME_ZONE } from '@/domain/time-zone';
import { FRAUD_CONFIG_PATH } from '@/api/contract/fraud-config';
import { serveAsset } from './shell/assets';

/** The first path segment of every service of the contract: these never fall through to the console. */
export const API_PREFIXES = [
  'uaa', 'users', 'orders', 'rorders', 'blacklist', 'customer', 'upg', 'riskcontrol', 'remittances',
  'reports', 'catalog', 'messenger', 'vphone', 'fraud-config',
] as const;

export const HEALTH_TEXT = 'Hey There!!! The App is Healthy';

/** The reference server as a Hono app: no port needed, so tests call `app.request()`. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
      return c.json(errorBody(err), err.status);
    }
    console.error(err);
    return c.json({ error: 'server_error', error_description: Msg.serverError }, 500);
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
  // Only the sign-in counts by source (the throttle); reading the socket's address costs every other request.
  app.use('/uaa/oauth/token', clientIp(deps));
  app.use(
    '*',
    bodyLimit({
      maxSize: 2 * 1024 * 1024,
      onError: () => {
        throw new ApiError(413, 'invalid_request', Msg.bodyTooLarge);
      },
    }),
  );

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

  app.get('/health', (c) => c.text(HEALTH_TEXT));

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

  // The built console: hashed assets cached for good, index.html for every other path.
  const staticDir = path.resolve(deps.config.staticDir);
  const staticRoot = path.relative(process.cwd(), staticDir) || '.';
  if (fs.existsSync(staticDir)) {
    app.get('/assets/*', serveAsset(staticDir));
    app.use('*', serveStatic({ root: staticRoot }));
  }
  app.get('*', (c) => {
    const index = path.join(staticDir, 'index.html');
    if (!fs.existsSync(index)) {
      return c.text('La consola no está compilada: ejecute "npm run build" o "npm start".', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(index, 'utf8'));
  });
  app.all('*', () => {
    throw notFound();
  });

  return app;
}
