import type { Context, Handler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppDeps, AppEnv } from '../deps';
import { accessDenied } from '../http';
import { sameSecret } from '../auth/service-keys';
import type { Metrics } from './metrics';
import { Msg } from '@/domain/messages';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
// Headers a proxy adds: a request carrying one came through a proxy, whose own socket is local.
const PROXIED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether this request may read the metrics: one that presents a bearer token is judged by it alone
 * (METRICS_TOKEN, compared in constant time; none configured: refused); one without must come from
 * this machine: a loopback socket (never X-Forwarded-For, which a client writes) and no proxy
 * header, since behind a local HAProxy every request's socket is loopback. No socket (a test's
 * `app.request()`): not local.
 */
export function mayReadMetrics(c: Context<AppEnv>, token: string | null): boolean {
  const authorization = c.req.header('authorization');
  if (authorization !== undefined) {
    const presented = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    return token !== null && presented !== undefined && sameSecret(presented, token);
  }
  if (PROXIED.some((name) => c.req.header(name) !== undefined)) return false;
  try {
    return LOOPBACK.test(getConnInfo(c).remote.address ?? '');
  } catch {
    return false;
  }
}

/** GET /metrics: Prometheus text to this machine or to the metrics token's holder; 403 in Spanish otherwise. */
export function metricsEndpoint(deps: AppDeps, metrics: Metrics): Handler<AppEnv> {
  return async (c) => {
    if (!mayReadMetrics(c, deps.config.metricsToken)) throw accessDenied(Msg.metricsDenied);
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.text(), 200, { 'Content-Type': metrics.contentType });
  };
}
