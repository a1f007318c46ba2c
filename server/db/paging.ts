import { sqliteWritesOf, tableClockOf, writesSoFar } from './database';
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

/**
 * Counts the rows a query selects without scanning millions: the count stops at the cap and
 * says so (`totalLimited`); the pager then shows "más de 10.000" and users narrow down. The
 * query's own select list is kept, so a DISTINCT query counts distinct rows.
 */
/** Per database handle: reads remembered with the names they read and those names' writes then (SQLite only). */
const rememberedByDb = new WeakMap<object, Map<string, { names: Set<string>; version: string; value: unknown }>>();

/**
 * A read remembered until one of the tables it read is written (SQLite: the server's one
 * connection counts every write by table, server/db/database.ts `SqliteWrites`, so while none of
 * them moved nothing it read can have changed). On PostgreSQL, which other instances write, it
 * always reads. A read during which one of its tables was written is not remembered (it may have
 * seen part of that write). The value is shared by every caller: they must not change it.
 */
export async function rememberUntilWrite<T>(db: Kysely<Database>, key: string, read: () => Promise<T>): Promise<T> {
  const tables = sqliteWritesOf(db);
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

/** PostgreSQL: how long a count is remembered at most (other instances' writes are not seen before). */
export const COUNT_REMEMBER_MS = 2000;
const countsByDb = new WeakMap<object, Map<string, { tables: string; at: number; n: number }>>();
const TABLES = /\b(?:from|join)\s+"([a-z_]+)"/gi;

/**
 * A count remembered on PostgreSQL: until this instance commits a write to one of the tables it
 * reads (then the very next request counts again), and at most COUNT_REMEMBER_MS, which is how
 * late a total in a pager can be after another instance's write. Pages are never remembered there.
 */
async function rememberedCount(db: Kysely<Database>, key: string, sqlText: string, read: () => Promise<number>): Promise<number> {
  const clock = tableClockOf(db);
  if (!clock) return read();
  const tables = [...new Set([...sqlText.matchAll(TABLES)].map((m) => m[1]!.toLowerCase()))];
  let memo = countsByDb.get(db);
  if (!memo) countsByDb.set(db, (memo = new Map()));
  const now = Date.now();
  const seen = clock.of(tables);
  const known = memo.get(key);
  if (known && known.tables === seen && now - known.at < COUNT_REMEMBER_MS) return known.n;
  const n = await read();
  if (memo.size >= 2000) memo.clear();
  memo.set(key, { tables: seen, at: now, n });
  return n;
}

export async function cappedCount(
  db: Kysely<Database>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<Database, any, any>,
): Promise<{ total: number; limited: boolean }> {
  const counting = db.selectFrom(query.clearOrderBy().limit(COUNT_CAP + 1).as('capped')).select(sql<number>`count(*)`.as('n'));
  // A list's count is its most expensive query (up to COUNT_CAP index entries) and the same for
  // every page of a search: while nothing was written it is still true, so it is not counted again.
  const compiled = counting.compile();
  const key = `count\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const read = async () => Number((await counting.executeTakeFirstOrThrow()).n);
  const n = writesSoFar(db) !== null ? await rememberUntilWrite(db, key, read) : await rememberedCount(db, key, compiled.sql, read);
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
