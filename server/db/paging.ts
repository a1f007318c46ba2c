import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema';
import { COUNT_CAP } from '@/api/contract/query';
import { badRequest } from '../http';

export interface PageRequest {
  page: number;
  size: number;
}

export interface Page<T> {
  elements: T[];
  totalElements: number;
  countElements: number;
  totalLimited?: boolean;
}

/**
 * Counts the rows a query selects without scanning millions: the count stops at the cap and
 * says so (`totalLimited`); the pager then shows "más de 10.000" and users narrow down. The
 * query's own select list is kept, so a DISTINCT query counts distinct rows.
 */
export async function cappedCount(
  db: Kysely<Database>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<Database, any, any>,
): Promise<{ total: number; limited: boolean }> {
  const row = await db
    .selectFrom(query.clearOrderBy().limit(COUNT_CAP + 1).as('capped'))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return { total: Math.min(n, COUNT_CAP), limited: n > COUNT_CAP };
}

/** Refuses pages past the counted window: they could only be reached by scanning everything. */
export function checkPageWithinCap(request: PageRequest): void {
  if (request.page * request.size >= COUNT_CAP) {
    throw badRequest(`Solo se pueden recorrer los primeros ${COUNT_CAP.toLocaleString('es')} resultados: refine la búsqueda.`);
  }
}

export function pageOf<T>(elements: T[], count: { total: number; limited: boolean }): Page<T> {
  return {
    elements,
    totalElements: count.total,
    countElements: elements.length,
    ...(count.limited ? { totalLimited: true } : {}),
  };
}
