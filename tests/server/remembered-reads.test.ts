import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { rememberUntilWrite } from '../../server/db/paging';
import { principalCache } from '../../server/auth/principals';
import { createTestServer } from '../support/server';

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

  it('a write to another table keeps it; a write to its own table (insert, update, delete) reads it again', async () => {
    expect(await readA()).toBe(1);
    await exec('insert into "b" ("v") values (\'y\')');
    expect(await readA()).toBe(1);
    expect(reads.a).toBe(1);
    for (const write of ['insert into "a" ("v") values (\'z\')', 'update "a" set "v" = \'w\'', 'delete from "a" where "id" = 1']) {
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
