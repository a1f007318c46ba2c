import { tableWritesOf } from './database';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema';
import { COUNT_CAP } from '@/api/contract/query';
import { badRequest } from '../http';

export interface PageRequest {
  page: number;
  size: number;
}

/** The direction a list's `sort` asks ("field,asc" or "field,desc", validated by its query); newest first when none is given. */
export const directionOf = (sort: string | undefined): 'asc' | 'desc' => (sort?.endsWith(',asc') ? 'asc' : 'desc');

export interface Page<T> {
  elements: T[];
  totalElements: number;
  countElements: number;
  totalLimited?: boolean;
}

/** Per database handle: reads remembered with the names they read and those names' writes then. */
const rememberedByDb = new WeakMap<object, Map<string, { names: Set<string>; version: string; value: unknown }>>();

/**
 * A read remembered until one of the tables it read is written (server/db/table-writes.ts: on
 * SQLite the server's one connection counts every write; on PostgreSQL this instance's commits
 * and, as the database notifies them, everyone else's). A read during which one of its tables was
 * written is not remembered (it may have seen part of that write), nor one inside a transaction,
 * nor any while PostgreSQL's notifications are not heard. The value is shared by every caller:
 * they must not change it.
 */
export async function rememberUntilWrite<T>(db: Kysely<Database>, key: string, read: () => Promise<T>): Promise<T> {
  const tables = tableWritesOf(db);
  if (!tables) return read();
  let memo = rememberedByDb.get(db);
  if (!memo) rememberedByDb.set(db, (memo = new Map()));
  const known = memo.get(key);
  if (known && known.version === tables.version(known.names)) {
    tables.alsoRead(known.names);
    return known.value as T;
  }
  const { value, names, version } = await tables.reading(read);
  if (version !== null) {
    if (memo.size >= 2000) memo.clear();
    memo.set(key, { names, version, value });
  }
  return value;
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
  const counting = cappedCounting(db, query, COUNT_CAP);
  // A list's count is its most expensive query (up to COUNT_CAP index entries) and the same for
  // every page of a search: while none of its tables was written it is still true, so it is not counted again.
  const compiled = counting.compile();
  const key = `count\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const read = async () => Number((await counting.executeTakeFirstOrThrow()).n);
  return countUpTo(await rememberUntilWrite(db, key, read), COUNT_CAP);
}

/** The query counting `query`'s rows up to one past `cap` (a statement, or a subquery of another). */
export function cappedCounting(
  db: Kysely<Database>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<Database, any, any>,
  cap: number,
) {
  return db.selectFrom(query.clearOrderBy().limit(cap + 1).as('capped')).select(sql<number | string>`count(*)`.as('n'));
}

/** A count up to one past `cap` as a page says it: at most the cap, and whether it stopped there. */
export const countUpTo = (counted: number | string, cap: number) => {
  const n = Number(counted);
  return { total: Math.min(n, cap), limited: n > cap };
};

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
