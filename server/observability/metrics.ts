import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps } from '../deps';
import { queueDepths } from './queue-depths';
import type { Admission } from '../admission';

/** One app's Prometheus metrics (server/observability/metrics-endpoint.ts serves them). */
export interface Metrics {
  /** Counts one answered request: the time to its answer's headers (a stream's: to open it). */
  observe(method: string, route: string, status: number, seconds: number): void;
  /** The Prometheus text of the process's metrics and this app's. */
  text(): Promise<string>;
  readonly contentType: string;
}

// Sub-millisecond buckets too: most SQLite reads answer in under 2 ms.
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Child = ReturnType<Histogram<'method' | 'route' | 'status'>['labels']>;

let processRegistry: Registry | null = null;
/**
 * The process's own metrics (CPU, memory, handles, event loop, GC), made on the first scrape: one
 * set per process, however many apps it runs (tests make hundreds), since collectDefaultMetrics
 * starts an event-loop monitor and a GC observer per registry that nothing ever stops.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A registry of this app's own (never prom-client's global one: one process may run many apps). */
export function createMetrics(deps: AppDeps, admitted?: Admission): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to the answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers,
  });
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests being answered now',
    registers,
    collect() {
      this.set(deps.runtime.inFlight);
    },
  });
  if (admitted) {
    new Gauge({
      name: 'http_requests_waiting',
      help: 'API requests waiting for their turn (server/admission.ts)',
      registers,
      collect() {
        this.set(admitted.waiting);
      },
    });
    new Counter({
      name: 'http_requests_turned_away_total',
      help: 'API requests answered 503 after waiting too long for their turn',
      registers,
      collect() {
        this.reset();
        this.inc(admitted.turnedAway);
      },
    });
  }
  new Gauge({
    name: 'change_streams_open',
    help: 'Change streams (server-sent events) open now',
    registers,
    collect() {
      this.set(deps.runtime.openStreams);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: "PostgreSQL pool's connections by state (in_use, idle); none on SQLite",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = deps.db.poolStats();
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'db_pool_waiting',
    help: "Queries waiting for a PostgreSQL pool's connection (0 on SQLite)",
    registers,
    collect() {
      this.set(deps.db.poolStats()?.waiting ?? 0);
    },
  });
  const depths = queueDepths(deps);
  new Gauge({
    name: 'queue_depth',
    help: 'What waits, by queue (remesas, riesgo, aprobaciones); read at most every 15 s',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      const now = await depths();
      if (!now) return;
      this.set({ queue: 'remesas' }, now.remesas);
      this.set({ queue: 'riesgo' }, now.riesgo);
      this.set({ queue: 'aprobaciones' }, now.aprobaciones);
    },
  });

  // The histogram's child per label set, kept: labels() validates and allocates on every call.
  const children = new Map<string, Map<string, Map<number, Child>>>();
  return {
    observe(method, route, status, seconds) {
      let byMethod = children.get(route);
      if (!byMethod) children.set(route, (byMethod = new Map()));
      let byStatus = byMethod.get(method);
      if (!byStatus) byMethod.set(method, (byStatus = new Map()));
      let child = byStatus.get(status);
      if (!child) byStatus.set(status, (child = duration.labels(method, route, String(status))));
      child.observe(seconds);
    },
    async text() {
      const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${process}\n${own}`;
    },
    contentType: registry.contentType,
  };
}
