import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import type { Dialect } from '../../server/db/database';
import { inTransaction } from '../../server/db/transaction';
import { insertLogRow } from '../../server/db/log-rows';
import { dropPostgresDatabase, freshPostgresDatabase, freshSqliteFile, removeSqliteFile } from '../support/test-database';

/**
 * Issue 42 §5: a write's log rows (action log, audit row, transitions) ride on its transaction's
 * last statement on PostgreSQL (server/db/log-rows.ts), one round trip instead of one each; on
 * SQLite, and outside such a transaction, each is inserted at once. Either way they are stored
 * with the write or not at all, a table's rows in their order.
 */
const dialect: Dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

describe(`log rows on ${dialect}`, () => {
  let statements: string[];
  let kysely: Kysely<Database>;
  let close: () => Promise<void>;

  const open = async () => {
    statements = [];
    const log = (event: { level: string; query: { sql: string } }) => void statements.push(event.query.sql);
    if (dialect === 'postgres') {
      const url = (await freshPostgresDatabase())!;
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      // The database is dropped WITH (FORCE) after each test: a connection the pool is still closing
      // then hears its backend's termination (57P01), which a pool without a listener throws.
      pool.on('error', () => undefined);
      kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
      close = async () => {
        await kysely.destroy();
        await dropPostgresDatabase(url);
      };
    } else {
      const file = freshSqliteFile()!;
      kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file) }), log });
      close = async () => {
        await kysely.destroy();
        removeSqliteFile(file);
      };
    }
  };
  afterEach(async () => close());

  const transition = (n: number) => ({
    table: 'transitions' as const,
    values: { chart: 'logRowsTest', doc_code: 'ORDER', doc_id: '1', entity_id: String(n), entity_kind: null, from_state: 'A', event: 'GO', to_state: 'B', actor_id: 1, actor_email: 'qa@example.com', at: '2026-11-29T00:00:00.000Z', request_id: null, event_data: null, facts_before: null },
  });
  const action = (n: number) => ({
    table: 'action_logs' as const,
    values: { doc_code: 'ORDER', doc_id: '1', action: 'logRowsTest', description: `paso ${n}`, canal: 'CRM', input: null, executor_id: 1, executor_email: 'qa@example.com', date: '2026-11-29T00:00:00.000Z' },
  });
  const stored = async () => ({
    transitions: (await kysely.selectFrom('transitions').select('entity_id').where('chart', '=', 'logRowsTest').orderBy('id').execute()).map((r) => Number(r.entity_id)),
    actions: (await kysely.selectFrom('action_logs').select('description').where('action', '=', 'logRowsTest').orderBy('id').execute()).map((r) => r.description),
  });

  it('rows of two tables, interleaved, are stored with the commit, each table in its order; on PostgreSQL in one statement', async () => {
    await open();
    await inTransaction({ kysely, dialect }, async (trx) => {
      for (let n = 1; n <= 5; n++) {
        await insertLogRow(trx, transition(n));
        await insertLogRow(trx, action(n));
      }
    });
    expect(await stored()).toEqual({ transitions: [1, 2, 3, 4, 5], actions: ['paso 1', 'paso 2', 'paso 3', 'paso 4', 'paso 5'] });
    const writes = statements.filter((s) => !/^(begin|start|commit|select)/i.test(s));
    if (dialect === 'postgres') {
      expect(writes).toHaveLength(1);
      expect(writes[0]).toMatch(/^with "log_rows_0" as \(insert into "transitions" .*\) insert into "action_logs"/);
    } else expect(writes).toHaveLength(10);
  });

  it('a transaction that fails stores none of them', async () => {
    await open();
    await expect(
      inTransaction({ kysely, dialect }, async (trx) => {
        await insertLogRow(trx, transition(1));
        await insertLogRow(trx, action(1));
        throw new Error('la escritura falla');
      }),
    ).rejects.toThrow('la escritura falla');
    expect(await stored()).toEqual({ transitions: [], actions: [] });
  });

  it('many rows (a bulk decision) go in parts of at most 200, all in order', async () => {
    await open();
    await inTransaction({ kysely, dialect }, async (trx) => {
      for (let n = 1; n <= 450; n++) await insertLogRow(trx, transition(n));
    });
    expect((await stored()).transitions).toEqual(Array.from({ length: 450 }, (_, i) => i + 1));
    if (dialect === 'postgres') expect(statements.filter((s) => /^insert into "transitions"/.test(s))).toHaveLength(3);
  });

  it('outside a transaction a row is inserted at once', async () => {
    await open();
    await insertLogRow(kysely, transition(7));
    expect(statements.filter((s) => /^insert into "transitions"/.test(s))).toHaveLength(1);
    expect((await stored()).transitions).toEqual([7]);
  });
});
