import type { AppDeps } from '../deps';
import { iso } from '../clock';
import { cappedCount } from '../db/paging';
import { riskQueueCount, waitingPairs } from '../queue/queues';
import { Permission } from '@/domain/permissions';

/** What waits, per queue: `queue_depth{queue=…}`. */
export interface QueueDepths {
  /** Items of the Cola de Remesas waiting for an operations specialist (each product and status counted up to 10,000). */
  remesas: number;
  /** Orders of the Cola de Riesgo (the bell's count). */
  riesgo: number;
  /** Four-eyes requests waiting for a second person, not expired (up to 10,000). */
  aprobaciones: number;
}

/** A scrape (every instance, every 15–60 s) must not load the database: the depths are read at most this often. */
export const QUEUE_DEPTH_TTL_MS = 15_000;

const SPECIALIST = [Permission.EDITOR, Permission.OPERATIONS_SPECIALIST];

/**
 * The queue depths, read on a scrape and remembered for QUEUE_DEPTH_TTL_MS; scrapes at once share
 * one read. When the database cannot answer, the last depths are kept (null before the first) and
 * the next scrape tries again.
 */
export function queueDepths(deps: AppDeps): () => Promise<QueueDepths | null> {
  let last: QueueDepths | null = null;
  let readAt = -Infinity;
  let reading: Promise<QueueDepths | null> | null = null;
  return () => {
    if (performance.now() - readAt < QUEUE_DEPTH_TTL_MS) return Promise.resolve(last);
    reading ??= read(deps)
      .then(
        (depths) => {
          last = depths;
          readAt = performance.now();
          return depths;
        },
        (err: unknown) => {
          deps.logger.warn({ err }, 'métricas: no se pudo leer la profundidad de las colas');
          return last;
        },
      )
      .finally(() => {
        reading = null;
      });
    return reading;
  };
}

// One query at a time: a scrape holds at most one of the pool's connections.
async function read(deps: AppDeps): Promise<QueueDepths> {
  const db = deps.db.kysely;
  let remesas = 0;
  for (const pair of waitingPairs(SPECIALIST)) {
    const items = db.selectFrom('order_items').select('id').where('product_type', '=', pair.product).where('status', '=', pair.status);
    remesas += (await cappedCount(db, items)).total;
  }
  const riesgo = await riskQueueCount(db);
  const waiting = db.selectFrom('approval_requests').select('id').where('status', '=', 'requested').where('expires_at', '>', iso(deps.clock.now()));
  const aprobaciones = (await cappedCount(db, waiting)).total;
  return { remesas, riesgo, aprobaciones };
}
