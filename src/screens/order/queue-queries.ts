import { QUEUE_SORTS, type QueueSort, type RemittanceQueueQuery, type RiskQueueQuery } from '@/api/contract/queues';
import type { REMITTANCE_QUEUE_PRODUCTS } from '@/domain/queues';
import type { REMITTANCE_PROVIDERS } from '@/domain/remittance';

/**
 * What a queue's URL asks the server for: one reading of the address for the route's loader, which
 * sends the queue's first read as the navigation starts, and for the page, whose chart reads each
 * filter after it (src/routing/route-frame.tsx `readsFrom`: the same query takes the loader's answer).
 */

/** The order a queue's URL asks for (oldest first when it says nothing, or nonsense). */
export const sortOf = (value: string | undefined): QueueSort | undefined => (QUEUE_SORTS as readonly string[]).includes(value ?? '') ? (value as QueueSort) : undefined;

/** Cola de Remesas' query from its URL's filters. */
export function remittanceQueryOf(search: { product?: string; province?: string; provider?: string; minAgeHours?: string; sort?: string }): RemittanceQueueQuery {
  return {
    product: search.product as (typeof REMITTANCE_QUEUE_PRODUCTS)[number] | undefined,
    province: search.province,
    provider: search.provider as (typeof REMITTANCE_PROVIDERS)[number] | undefined,
    minAgeHours: search.minAgeHours,
    sort: sortOf(search.sort),
  };
}

/** Cola de Riesgo's query from its order. */
export const riskQueryOf = (sort: QueueSort | undefined): RiskQueueQuery => (sort ? { sort } : {});
