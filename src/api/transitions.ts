import { call, callFile, filterParams as defined, ordersPath as own, type ServiceClient } from './http';
import { ChartGraphResponse, ChartsResponse, TransitionPaths, TransitionsResponse, type ChartGraph, type TransitionFilters } from './contract/transitions';

/** The QA transition audit's reads (issue 14 §7). */

export async function getTransitions(orders: ServiceClient, filters: TransitionFilters, page: number, size: number) {
  return (await call(orders, (k) => k.get(own(TransitionPaths.list), { searchParams: defined({ ...filters, page, size }) }), TransitionsResponse)).data;
}

export async function getCharts(orders: ServiceClient): Promise<string[]> {
  return (await call(orders, (k) => k.get(own(TransitionPaths.charts)), ChartsResponse)).data.elements;
}

export async function getChartGraph(orders: ServiceClient, filters: TransitionFilters & { chart: string }): Promise<ChartGraph> {
  return (await call(orders, (k) => k.get(own(TransitionPaths.graph), { searchParams: defined(filters) }), ChartGraphResponse)).data;
}

/** The filter's transitions as the server's CSV file. */
export function exportTransitions(orders: ServiceClient, filters: TransitionFilters): Promise<Blob> {
  return callFile(orders, (k) => k.get(own(TransitionPaths.export), { searchParams: defined(filters) }));
}
