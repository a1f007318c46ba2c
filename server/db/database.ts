import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { openPool, poolStats, POSTGRES_DEFAULTS, type CommitListener, type PoolStats, type PostgresSettings } from './postgres';
import { CHANNELS, listenTo, type Notifications } from './notifications';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The SQLite handle, for bulk loads that bypass the query builder (seed only). */
  sqlite: SQLite.Database | null;
  /** PostgreSQL: the instance's one LISTEN connection, opened on first use; null on SQLite. */
  notifications(): Notifications | null;
  /** PostgreSQL: the pool's connections now; null on SQLite. */
  poolStats(): PoolStats | null;
  /** PostgreSQL: hears the tables each of this instance's commits wrote (SQLite: writesSoFar says it). */
  onCommit(listener: CommitListener): () => void;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseFile: string;
  databaseUrl: string | null;
  postgres?: PostgresSettings;
  sqliteBusyTimeoutMs?: number;
}

/**
 * For each SQLite query builder, a number that moves whenever the data may have changed: the writes
 * its connection has run plus SQLite's `data_version`, which moves when another connection (the
 * sqlite3 shell, a script) commits to the file. A read remembered at one value is still true at
 * the same value (server/db/paging.ts remembers lists and counts so). A PostgreSQL database has
 * other connections and instances, and is not in here.
 */
const writeCounters = new WeakMap<object, () => number>();
export const writesSoFar = (kysely: object): number | null => writeCounters.get(kysely)?.() ?? null;

/**
 * SQLite, per query builder: the writes by table (issue 42 §5). A remembered read is still true
 * while none of the tables it read was written, not only while nothing at all was: on the staff
 * floor a note every few requests made every remembered list and every remembered session read
 * again. Which tables a write wrote: its target (`insert into`, `update`, `delete from`, as Kysely
 * and the seed write them); any other writing statement (DDL, a pragma) and any other connection's
 * commit (`data_version`) count as a write to every table. Which tables a read read: every name in
 * the text of the statements it ran (`reading`), a table or not — more names only remember less.
 */
export interface SqliteWrites {
  /** A value that moves whenever one of these names (tables) may have been written. */
  version(names: Iterable<string>): string;
  /**
   * Runs `read`, answering its value, the names of every statement it ran (nested reads included)
   * and their version, null when one of them was written while it ran (it may have seen part of it).
   */
  reading<T>(read: () => Promise<T>): Promise<{ value: T; names: Set<string>; version: string | null }>;
  /** Names read by a nested read answered from memory, for the read around it. */
  alsoRead(names: Iterable<string>): void;
}
const sqliteWriteClocks = new WeakMap<object, SqliteWrites>();
export const sqliteWritesOf = (kysely: object): SqliteWrites | null => sqliteWriteClocks.get(kysely) ?? null;
/** The target of a write as Kysely (and the seed) write them. */
const WRITE_TARGET = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?([A-Za-z_]\w*)"?/i;
const NAMES = /[A-Za-z_]\w*/g;

/**
 * PostgreSQL, per query builder: a number per table that moves whenever this instance commits a
 * write to it (server/db/postgres.ts tells each commit's tables). Other instances' writes are not
 * in it: what is remembered by it must also be short-lived (server/db/paging.ts).
 */
export interface TableClock {
  /** The tables' numbers now, as one comparable string. */
  of(tables: readonly string[]): string;
}
const tableClocks = new WeakMap<object, TableClock>();
export const tableClockOf = (kysely: object): TableClock | null => tableClocks.get(kysely) ?? null;

function tableClock(onCommit: (listener: CommitListener) => void): TableClock {
  const versions = new Map<string, number>();
  onCommit((tables) => {
    for (const table of tables) versions.set(table, (versions.get(table) ?? 0) + 1);
  });
  return { of: (tables) => tables.map((t) => versions.get(t) ?? 0).join(',') };
}

/** A transaction's own statements: they write nothing themselves. */
const TRANSACTION_CONTROL = /^(begin|commit|rollback)\b/i;

/**
 * better-sqlite3 with its statements kept: Kysely prepares each query's SQL anew, which costs more
 * than running a list's small indexed queries. The same SQL text reuses its statement (the
 * connection runs one query at a time, so a statement is never in use twice). Counts the writes.
 *
 * A transaction begins IMMEDIATE (Kysely sends a plain `begin`): a deferred one reads first and
 * asks for the write lock at its first write, and if another connection wrote in between (the
 * sqlite3 shell, a maintenance script, the browser tests' fixtures) the upgrade fails at once with
 * SQLITE_BUSY, a 500, without waiting the busy timeout. Taking the lock at the start waits its turn.
 */
function statementCache(sqlite: SQLite.Database, max = 1000) {
  const statements = new Map<string, { statement: SQLite.Statement; names: string[] }>();
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let writes = 0;
  /** Writes by target table, and writes whose target is not known (they count for every table). */
  const byTable = new Map<string, number>();
  let anywhere = 0;
  const recorder = new AsyncLocalStorage<Set<string>>();
  const database = {
    prepare(sql: string) {
      const text = sql === 'begin' ? 'begin immediate' : sql;
      let known = statements.get(text);
      if (!known) {
        if (statements.size >= max) statements.clear();
        known = { statement: sqlite.prepare(text), names: [...new Set(text.toLowerCase().match(NAMES) ?? [])] };
        statements.set(text, known);
      }
      // A transaction's own statements change nothing (its writes count): a read transaction is not a write.
      if (!known.statement.reader && !TRANSACTION_CONTROL.test(text)) {
        writes++;
        const target = WRITE_TARGET.exec(text)?.[1]?.toLowerCase();
        if (target) byTable.set(target, (byTable.get(target) ?? 0) + 1);
        else anywhere++;
      }
      const reading = recorder.getStore();
      if (reading) for (const name of known.names) reading.add(name);
      return known.statement;
    },
    close: () => sqlite.close(),
  };
  const versionOf = (names: Iterable<string>, counts: ReadonlyMap<string, number>, elsewhere: number, data: number) => {
    let sum = 0;
    for (const name of names) sum += counts.get(name) ?? 0;
    return `${sum}:${elsewhere}:${data}`;
  };
  const tables: SqliteWrites = {
    version: (names) => versionOf(names, byTable, anywhere, dataVersion.get() as number),
    async reading(read) {
      const outer = recorder.getStore();
      const names = new Set<string>();
      const before = { counts: new Map(byTable), anywhere, data: dataVersion.get() as number };
      const value = await recorder.run(names, read);
      if (outer) for (const name of names) outer.add(name);
      const now = tables.version(names);
      return { value, names, version: versionOf(names, before.counts, before.anywhere, before.data) === now ? now : null };
    },
    alsoRead(names) {
      const outer = recorder.getStore();
      if (outer) for (const name of names) outer.add(name);
    },
  };
  return { database, writes: () => writes + (dataVersion.get() as number), tables };
}

/** Opens the configured database: PostgreSQL when a URL is given, otherwise a SQLite file in WAL mode. */
export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const settings = options.postgres ?? POSTGRES_DEFAULTS;
    // NUMERIC and BIGINT arrive as text from pg; the schema uses neither for arithmetic.
    const committed = new Set<CommitListener>();
    const pool: pg.Pool = openPool(url, settings, (tables) => committed.forEach((listener) => listener(tables)));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    tableClocks.set(
      kysely,
      tableClock((listener) => committed.add(listener)),
    );
    let listening: Notifications | null = null;
    return {
      kysely,
      dialect: 'postgres',
      sqlite: null,
      notifications: () => (listening ??= listenTo(url, Object.values(CHANNELS), settings.connectTimeoutMs)),
      poolStats: () => poolStats(pool),
      onCommit: (listener) => {
        committed.add(listener);
        return () => void committed.delete(listener);
      },
      close: async () => {
        await listening?.close();
        await kysely.destroy();
      },
    };
  }
  const file = options.databaseFile;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.sqliteBusyTimeoutMs ?? 5000))}`);
  sqlite.pragma('cache_size = -65536');
  const cached = statementCache(sqlite);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached.database }) });
  writeCounters.set(kysely, cached.writes);
  sqliteWriteClocks.set(kysely, cached.tables);
  return { kysely, dialect: 'sqlite', sqlite, notifications: () => null, poolStats: () => null, onCommit: () => () => {}, close: () => kysely.destroy() };
}
