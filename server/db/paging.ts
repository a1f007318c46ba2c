import { writesSoFar } from './database';
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
/** Counts remembered until the next write (SQLite only: writesSoFar), by their SQL and values. */
const counts = new Map<string, { writes: number; n: number }>();

export async function cappedCount(
  db: Kysely<Database>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<Database, any, any>,
): Promise<{ total: number; limited: boolean }> {
  const counting = db.selectFrom(query.clearOrderBy().limit(COUNT_CAP + 1).as('capped')).select(sql<number>`count(*)`.as('n'));
  // A list's count is its most expensive query (up to COUNT_CAP index entries) and the same for
  // every page of a search: while nothing was written it is still true, so it is not counted again.
  const writes = writesSoFar(db);
  const compiled = counting.compile();
  const key = writes === null ? null : `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const known = key === null ? undefined : counts.get(key);
  let n: number;
  if (known && known.writes === writes) n = known.n;
  else {
    n = Number((await counting.executeTakeFirstOrThrow()).n);
    if (key !== null && writes !== null) {
      if (counts.size >= 2000) counts.clear();
      // Remembered as of the writes seen before it ran: any write since, even one that ran before
      // this count did, makes the next lookup count again.
      counts.set(key, { writes, n });
    }
  }
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
