import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { rememberUntilWrite } from '../../server/db/paging';
import { transactionControl, writeTargets } from '../../server/db/table-writes';
import { principalCache } from '../../server/auth/principals';
import { createTestServer } from '../support/server';
import { dropPostgresDatabase, freshPostgresDatabase } from '../support/test-database';

/**
 * Issue 42 §5: on SQLite a remembered read (a list page, a count, a session) stays remembered
 * until one of the tables it read is written, not until any write at all: on the staff floor a note
 * every few requests made every list and every session be read again.
 */
describe('SQLite: a remembered read lasts until a table it read is written', () => {
  let dir: string;
  let db: Db;
  let reads: Record<string, number>;
  const file = () => path.join(dir, 'remembered.db');
  const exec = (text: string) => sql.raw(text).execute(db.kysely);
  /** A read of table a (and b when asked) through the query builder, counted. */
  const readA = (withB = false) =>
    rememberUntilWrite(db.kysely, `a${withB}`, async () => {
      reads.a = (reads.a ?? 0) + 1;
      const rows = await sql.raw<{ n: number }>(withB ? 'select count(*) as n from "a" join "b" on "b"."id" = "a"."id"' : 'select count(*) as n from "a"').execute(db.kysely);
      return rows.rows[0]!.n;
    });
  const readB = () =>
    rememberUntilWrite(db.kysely, 'b', async () => {
      reads.b = (reads.b ?? 0) + 1;
      return (await sql.raw<{ n: number }>('select count(*) as n from "b"').execute(db.kysely)).rows[0]!.n;
    });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remembered-'));
    db = openDatabase({ databaseFile: file(), databaseUrl: null });
    reads = {};
    await exec('create table "a" ("id" integer primary key, "v" text)');
    await exec('create table "b" ("id" integer primary key, "v" text)');
    await exec('insert into "a" ("v") values (\'x\')');
  });
  afterEach(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a write to another table keeps it; a write to its own table (insert, update, delete, with RETURNING or not) reads it again', async () => {
    expect(await readA()).toBe(1);
    await exec('insert into "b" ("v") values (\'y\')');
    expect(await readA()).toBe(1);
    expect(reads.a).toBe(1);
    // A write that answers rows (RETURNING, as Kysely's inserts often are) is a write too.
    for (const write of ['insert into "a" ("v") values (\'z\')', 'update "a" set "v" = \'w\'', 'delete from "a" where "id" = 1', 'insert into "a" ("v") values (\'r\') returning "id"', 'update "a" set "v" = \'q\' returning "id"', 'delete from "a" where "v" = \'q\' returning "id"']) {
      const before = reads.a!;
      await exec(write);
      await readA();
      expect(reads.a, write).toBe(before + 1);
      await readA();
      expect(reads.a, write).toBe(before + 1);
    }
  });

  it('a read of two tables is read again after a write to either', async () => {
    await readA(true);
    await exec('insert into "b" ("v") values (\'y\')');
    expect(await readA(true)).toBe(1);
    expect(reads.a).toBe(2);
  });

  it('a read around a remembered one carries its tables: a write to the inner read’s table reads the outer again', async () => {
    const outer = () => rememberUntilWrite(db.kysely, 'outer', async () => (reads.outer = (reads.outer ?? 0) + 1) && readB());
    await readB(); // remembered before the outer read: the outer one meets it in memory
    await outer();
    await outer();
    expect(reads).toMatchObject({ outer: 1, b: 1 });
    await exec('insert into "b" ("v") values (\'y\')');
    expect(await outer()).toBe(1);
    expect(reads).toMatchObject({ outer: 2, b: 2 });
  });

  it('a read during which its table is written is not remembered', async () => {
    const slow = () =>
      rememberUntilWrite(db.kysely, 'slow', async () => {
        reads.slow = (reads.slow ?? 0) + 1;
        await sql.raw('select count(*) from "a"').execute(db.kysely);
        await exec('insert into "a" ("v") values (\'during\')'); // another request's write, meanwhile
        return 0;
      });
    await slow();
    await slow();
    expect(reads.slow).toBe(2);
  });

  it('a statement whose target is not known (DDL) and another connection’s commit read everything again', async () => {
    await readA();
    await exec('create table "c" ("id" integer primary key)');
    await readA();
    expect(reads.a).toBe(2);
    const other = new Database(file());
    other.prepare('insert into b (v) values (?)').run('from the shell');
    other.close();
    await readA();
    expect(reads.a).toBe(3);
  });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('SQLite: a session is remembered through other writes and read again after a write to its own tables', () => {
  it('a note keeps the principal remembered; a revoked token is refused at the next request', async () => {
    const server = await createTestServer();
    try {
      const token = (await server.signIn('admin')).access_token;
      const now = () => server.clock.now();
      const cache = principalCache(server.db);
      const first = await cache.lookup(token, now());
      expect(first.ok).toBe(true);
      const order = (await server.db.kysely.selectFrom('orders').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      const note = await server.post('/uaa/secured/doc-note/create', token, { docCode: 'ORDER', docId: order, description: 'una nota' });
      expect(note.status).toBe(200);
      const again = await cache.lookup(token, now());
      // The same object: answered from memory, not read again.
      expect(again.ok && first.ok && again.principal === first.principal).toBe(true);
      await server.db.kysely.updateTable('oauth_tokens').set({ revoked_at: new Date(now()).toISOString() }).execute();
      expect(await cache.lookup(token, now())).toEqual({ ok: false, reason: 'revoked' });
    } finally {
      await server.close();
    }
  });
});

/**
 * Issue 42 §5 on PostgreSQL: two handles on one database stand for two instances. A read is
 * remembered until one of the tables it read is written: by this instance (counted at its commit)
 * or by any other writer (the database's `crm_tables` notification, migration 0037); never inside a
 * transaction, and everything remembered is forgotten when the LISTEN connection is lost.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL: a remembered read lasts until a table it read is written, by this instance or another', () => {
  let url: string;
  let here: Db;
  let there: Db;
  let reads: Record<string, number>;
  const exec = (db: Db, text: string) => sql.raw(text).execute(db.kysely);
  const readA = () =>
    rememberUntilWrite(here.kysely, 'a', async () => {
      reads.a = (reads.a ?? 0) + 1;
      return Number((await sql.raw<{ n: string }>('select count(*) as n from "a"').execute(here.kysely)).rows[0]!.n);
    });
  /** Reads a until it has been read `times` times, for at most two seconds (a notification's moment). */
  const readUntil = async (times: number) => {
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline && (reads.a ?? 0) < times) {
      await readA();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return reads.a;
  };

  beforeEach(async () => {
    url = (await freshPostgresDatabase())!;
    here = openDatabase({ databaseFile: ':memory:', databaseUrl: url });
    there = openDatabase({ databaseFile: ':memory:', databaseUrl: url });
    reads = {};
    await exec(here, 'create table "a" ("id" serial primary key, "v" text)');
    await exec(here, 'create table "b" ("id" serial primary key, "v" text)');
    await exec(here, 'select crm_watch_tables()');
    await exec(here, 'insert into "a" ("v") values (\'x\')');
    await here.notifications()!.ready;
  });
  afterEach(async () => {
    await here.close();
    await there.close();
    await dropPostgresDatabase(url);
  });

  it('another instance’s write to another table keeps it; to its own table it is read again once notified', async () => {
    expect(await readA()).toBe(1);
    await exec(there, 'insert into "b" ("v") values (\'y\')');
    await new Promise((resolve) => setTimeout(resolve, 200)); // b's notification has come
    expect(await readA()).toBe(1);
    expect(reads.a).toBe(1);
    await exec(there, 'insert into "a" ("v") values (\'z\')');
    expect(await readUntil(2)).toBe(2);
    expect(await readA()).toBe(2);
    expect(reads.a).toBe(2);
  });

  it('this instance’s own commit is counted before its answer leaves: the very next read reads again', async () => {
    await readA();
    await here.kysely.transaction().execute(async (trx) => {
      await sql`insert into "a" ("v") values ('own')`.execute(trx);
    });
    expect(await readA()).toBe(2);
    expect(reads.a).toBe(2);
  });

  it('a read that ran inside a transaction is not remembered (a rollback would take back what it saw)', async () => {
    const inTransaction = () =>
      rememberUntilWrite(here.kysely, 'tx', () =>
        here.kysely.transaction().execute(async (trx) => {
          reads.tx = (reads.tx ?? 0) + 1;
          return (await sql.raw('select count(*) from "a"').execute(trx)).rows.length;
        }),
      );
    await inTransaction();
    await inTransaction();
    expect(reads.tx).toBe(2);
  });

  it('a lost LISTEN connection forgets everything: what was notified meanwhile was missed', async () => {
    await readA();
    await readA();
    expect(reads.a).toBe(1);
    const listener = async () =>
      (await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = 'crm-console-listen' and datname = current_database()`.execute(there.kysely)).rows.map((r) => r.pid);
    const before = await listener();
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'crm-console-listen' and datname = current_database()`.execute(there.kysely);
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && !((await listener()).some((pid) => !before.includes(pid)) && here.notifications()!.connected)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(here.notifications()!.connected).toBe(true);
    await readA();
    expect(reads.a).toBe(2);
  });

  it('every table of the schema notifies its commits (migrate() watches each new one)', async () => {
    const unwatched = await sql<{ relname: string }>`select c.relname from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and c.relname <> 'schema_migrations'
        and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = c.relname || '_notify_table')`.execute(here.kysely);
    expect(unwatched.rows).toEqual([]);
  });
});

describe('what a statement does, as both drivers read it', () => {
  it('opens, ends or leaves a transaction; a rollback to a savepoint ends nothing', () => {
    expect(['begin', 'begin immediate', 'start transaction isolation level serializable', 'commit', 'rollback', 'rollback to savepoint a', 'select 1'].map(transactionControl)).toEqual([
      'begin',
      'begin',
      'begin',
      'commit',
      'rollback',
      null,
      null,
    ]);
  });
  it('writes its target, or the tables of the data-modifying queries of its WITH; a read writes none', () => {
    expect(writeTargets('insert into "notes" ("a") values ($1)')).toEqual(['notes']);
    expect(writeTargets('update "orders" set "v" = $1')).toEqual(['orders']);
    expect(writeTargets('with "log_rows_0" as (insert into "transitions" ("a") values ($1)) insert into "request_steps" ("b") values ($2)')).toEqual(['transitions', 'request_steps']);
    expect(writeTargets('with "x" as (select 1) select * from "x"')).toEqual([]);
    expect(writeTargets('select * from "orders"')).toEqual([]);
  });
});
