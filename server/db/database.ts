import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { openPool, poolStats, POSTGRES_DEFAULTS, type CommitListener, type PoolStats, type PostgresSettings } from './postgres';
import { CHANNELS, listenTo, type Notifications } from './notifications';
import { sliceOf, tableWriteClock, transactionControl, writeTargets, type TableWrites } from './table-writes';

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
  /** PostgreSQL: hears the tables each of this instance's commits wrote (SQLite: tableWritesOf says it). */
  onCommit(listener: CommitListener): () => void;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseFile: string;
  databaseUrl: string | null;
  postgres?: PostgresSettings;
  sqliteBusyTimeoutMs?: number;
}

const clocks = new WeakMap<object, TableWrites>();
/** The query builder's writes by table, on either database (server/db/table-writes.ts). */
export const tableWritesOf = (kysely: object): TableWrites | null => clocks.get(kysely) ?? null;

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
  const statements = new Map<string, SQLite.Statement>();
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let inTransaction = false;
  // Another connection's commit to the file moves data_version: a write to every table.
  const clock = tableWriteClock(() => dataVersion.get() as number);
  const database = {
    prepare(sql: string) {
      const text = sql === 'begin' ? 'begin immediate' : sql;
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= max) statements.clear();
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      const control = transactionControl(text);
      if (control === 'begin') inTransaction = true;
      // A transaction's own statements change nothing (its writes count): a read transaction is not a
      // write. `readonly`, not `reader`: a write with RETURNING answers rows (a reader) and writes.
      if (!statement.readonly && !control) {
        const targets = writeTargets(text);
        if (targets.length === 0) clock.wrote(null);
        for (const target of targets) clock.wrote(sliceOf(target));
      }
      clock.ran(text, inTransaction);
      if (control === 'commit' || control === 'rollback') inTransaction = false;
      return statement;
    },
    close: () => sqlite.close(),
  };
  return { database, tables: clock.tables };
}

/** Opens the configured database: PostgreSQL when a URL is given, otherwise a SQLite file in WAL mode. */
export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const settings = options.postgres ?? POSTGRES_DEFAULTS;
    // NUMERIC and BIGINT arrive as text from pg; the schema uses neither for arithmetic.
    const committed = new Set<CommitListener>();
    let listening: Notifications | null = null;
    let heard = 0;
    const notifications = () => {
      if (listening) return listening;
      listening = listenTo(url, Object.values(CHANNELS), settings.connectTimeoutMs);
      // Other writers' commits, by table; a lost connection missed some: everything remembered goes.
      listening.on(CHANNELS.tables, (table) => clock.wrote(table));
      listening.onLost(() => heard++);
      listening.onResync(() => heard++);
      return listening;
    };
    const clock = tableWriteClock(() => (notifications().connected ? heard : null));
    // This instance's own commits are counted before their answers leave (their NOTIFY comes later).
    committed.add((tables) => tables.forEach((table) => clock.wrote(table)));
    const pool: pg.Pool = openPool(url, settings, { committed: (tables) => committed.forEach((listener) => listener(tables)), ran: clock.ran });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    clocks.set(kysely, clock.tables);
    return {
      kysely,
      dialect: 'postgres',
      sqlite: null,
      notifications,
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
  clocks.set(kysely, cached.tables);
  return { kysely, dialect: 'sqlite', sqlite, notifications: () => null, poolStats: () => null, onCommit: () => () => {}, close: () => kysely.destroy() };
}
