import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppDeps, AppEnv } from '../deps';
import type { Metrics } from './metrics';

/** What a balancer or Prometheus asks every second or so: logged at debug, so they do not flood the log. */
const QUIET = new Set(['/health', '/ready', '/metrics']);
/** The route label of a request no route took (every path has a catch-all, so it is rare). */
const UNMATCHED = 'unmatched';

const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * One log line per answered request (request id, method, route pattern, status, duration in ms,
 * actor: the signed-in username or null) and its observation in the duration histogram. Nothing
 * else of the request is read: no header, query value, cookie or body. The route is the matched
 * pattern (`/catalog/offers/cll/:productType`), never the path with its ids. A server-sent event
 * stream is logged once, when it ends, with how long it was open. Mounted first, so the duration
 * covers every other middleware.
 */
export function requestLog(deps: AppDeps, metrics: Metrics): MiddlewareHandler<AppEnv> {
  const log = deps.logger;
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = performance.now() - start;
    const route = routePath(c) || UNMATCHED;
    const { method } = c.req;
    const res = c.res;
    const { status } = res;
    metrics.observe(method, route, status, ms / 1000);
    // The content type first: on @hono/node-server a response's headers are read from its
    // lightweight form, while its body turns it into a full web Response (the slow path for every
    // answer, issue 42 §5's profile).
    if (res.headers.get('content-type')?.startsWith('text/event-stream') && res.body) {
      const requestId = c.get('requestId') ?? null;
      const actor = actorOf(c);
      const ended = () => log.info({ requestId, method, route, status, durationMs: round(performance.now() - start), actor }, 'flujo cerrado');
      c.res = new Response(untilEnd(res.body, ended), res);
      return;
    }
    const level = QUIET.has(route) ? 'debug' : status >= 500 ? 'warn' : 'info';
    if (!log.isLevelEnabled(level)) return;
    log[level]({ requestId: c.get('requestId') ?? null, method, route, status, durationMs: round(ms), actor: actorOf(c) }, 'solicitud');
  };
}

// The principal is unset on public routes (AppEnv types it as always there).
const actorOf = (c: Context<AppEnv>) => (c.get('principal') as AppEnv['Variables']['principal'] | undefined)?.username ?? null;

/** The same body, calling `ended` once when it is read to its end, fails, or the client goes away. */
function untilEnd(body: ReadableStream<Uint8Array>, ended: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let done = false;
  const end = () => {
    if (done) return;
    done = true;
    ended();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          controller.close();
          end();
        } else {
          controller.enqueue(chunk.value);
        }
      } catch (error) {
        controller.error(error);
        end();
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
}
