import { call, callFile, filterParams as defined, ordersPath as own, type ServiceClient } from './http';
import type { Signal } from './list-params';
import { ConformanceResponse, HistoryPaths, HistoryResponse, type Conformance, type History, type HistoryQuery } from './contract/history';

/** QA's replay reads (issue 40 §3, §5, §6): an entity's history, its file, and every history checked against today's charts. */

/** The signal aborts the read (the viewer moved on to another entity, or was left). */
export async function getHistory(orders: ServiceClient, query: HistoryQuery, signal?: Signal): Promise<History> {
  return (await call(orders, (k) => k.get(own(HistoryPaths.history), { searchParams: defined(query), ...(signal ? { signal } : {}) }), HistoryResponse)).data;
}

/** The entity's history as the server's file (CSV in the console's dialect, or JSON). */
export function exportHistory(orders: ServiceClient, query: HistoryQuery & { format: 'csv' | 'json' }): Promise<Blob> {
  return callFile(orders, (k) => k.get(own(HistoryPaths.export), { searchParams: defined(query) }));
}

export async function getConformance(orders: ServiceClient, chart?: string): Promise<Conformance> {
  return (await call(orders, (k) => k.get(own(HistoryPaths.conformance), { searchParams: defined({ chart }) }), ConformanceResponse)).data;
}
