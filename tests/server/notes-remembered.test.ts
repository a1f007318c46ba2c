import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listNotes } from '../../server/activity/notes';
import { openDatabase, type Db } from '../../server/db/database';
import { inSlice, sliceName, tableWriteClock } from '../../server/db/table-writes';
import { createTestServer } from '../support/server';
import { dropPostgresDatabase, freshPostgresDatabase } from '../support/test-database';

/**
 * Issue 42 §5: a document's notes page is remembered until a note is written on that document, not
 * until any note is written anywhere (the floor writes a note between any two reads, so the page
 * always reached the database). A table's slice (`notes@ORDER:123`) stands for one document's notes
 * in the write clock (server/db/table-writes.ts); a write to the whole table forgets every slice.
 */

describe('the write clock: a slice of a table', () => {
  /** A read inside `slice` of table t (or the whole table), its version now. */
  const readIn = async (clock: ReturnType<typeof tableWriteClock>, slice: string | null) => {
    const run = () => clock.tables.reading(async () => clock.ran('select * from "t" where "doc" = $1', false));
    return (await (slice ? inSlice('t', slice, run) : run())).version;
  };
  const names = (slice: string) => [sliceName('t', slice)];

  it("a slice's read is kept through another slice's write, forgotten by its own slice's and by the whole table's", async () => {
    const clock = tableWriteClock();
    const read = await readIn(clock, 'A:1');
    expect(read).not.toBeNull();
    clock.wrote(sliceName('t', 'A:2'));
    expect(clock.tables.version(names('A:1'))).toBe(read);
    clock.wrote(sliceName('t', 'A:1'));
    expect(clock.tables.version(names('A:1'))).not.toBe(read);
    const again = await readIn(clock, 'A:1');
    clock.wrote('t');
    expect(clock.tables.version(names('A:1'))).not.toBe(again);
    // A read outside any slice names the whole table: one document's write does not touch its version.
    const whole = await readIn(clock, null);
    clock.wrote(sliceName('t', 'A:3'));
    expect(clock.tables.version(['t'])).toBe(whole);
  });

  it('a read during which its slice is written is not remembered; one during which another slice is written is', async () => {
    const clock = tableWriteClock();
    const during = (written: string) =>
      inSlice('t', 'A:1', () =>
        clock.tables.reading(async () => {
          clock.ran('select * from "t"', false);
          clock.wrote(sliceName('t', written));
        }),
      );
    expect((await during('A:1')).version).toBeNull();
    expect((await during('A:2')).version).not.toBeNull();
  });

  it('past the slices it keeps, a remembered version is never met again once its slice was written (random writes, two slices kept)', async () => {
    const clock = tableWriteClock(() => 0, 2);
    const slices = ['A:1', 'A:2', 'A:3', 'A:4'];
    /** By slice: the step of the last write that touched it (its own, or the whole table's). */
    const touched = new Map<string, number>();
    const remembered = new Map<string, { version: string; at: number }>();
    let random = 42;
    const next = () => (random = (random * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let hits = 0;
    for (let step = 0; step < 4000; step++) {
      const slice = slices[Math.floor(next() * slices.length)]!;
      if (next() < 0.5) {
        if (next() < 0.1) {
          clock.wrote('t');
          for (const each of slices) touched.set(each, step);
        } else {
          clock.wrote(sliceName('t', slice));
          touched.set(slice, step);
        }
        continue;
      }
      const known = remembered.get(slice);
      if (known && clock.tables.version(names(slice)) === known.version) {
        hits++;
        expect(touched.get(slice) ?? -1, `step ${step}: ${slice} met its version of step ${known.at}`).toBeLessThan(known.at);
      } else remembered.set(slice, { version: (await readIn(clock, slice))!, at: step });
    }
    // Some reads were answered from memory: the check above ran.
    expect(hits).toBeGreaterThan(100);
  });
});

describe('a notes page through the server: never stale, remembered per document', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  let token: string;
  let first: number;
  let second: number;
  const page = async (order: number) => {
    const response = await server.get(`/orders/secured/notes/list?orderId=${order}&page=0&size=50`, token);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { elements: { id: number; description: string }[]; totalElements: number } }).data;
  };
  const note = async (order: number, description: string) => {
    const response = await server.post('/uaa/secured/doc-note/create', token, { docCode: 'ORDER', docId: order, description });
    expect(response.status, await response.clone().text()).toBe(200);
  };

  beforeAll(async () => {
    server = await createTestServer();
    token = (await server.signIn('admin')).access_token;
    await server.db.notifications()?.ready;
    const orders = await server.db.kysely.selectFrom('orders').select('id').orderBy('id').limit(2).execute();
    [first, second] = orders.map((o) => o.id) as [number, number];
  });
  afterAll(() => server.close());

  it('a note on one order is on its page at once; the other order’s page is unchanged', async () => {
    const [a, b] = [await page(first), await page(second)];
    await note(second, 'nota en la segunda orden');
    const after = await page(second);
    expect(after.totalElements).toBe(b.totalElements + 1);
    expect(after.elements[0]!.description).toBe('nota en la segunda orden');
    expect(await page(first)).toEqual(a);
    await note(first, 'nota en la primera orden');
    expect((await page(first)).elements[0]!.description).toBe('nota en la primera orden');
  });

  it('a write to the notes table outside any document (an update, a script) is on every page at once', async () => {
    await page(first);
    await page(second);
    await server.db.kysely.updateTable('notes').set({ description: 'corregida' }).where('doc_code', '=', 'ORDER').where('doc_id', 'in', [String(first), String(second)]).execute();
    for (const order of [first, second]) expect((await page(order)).elements.every((n) => n.description === 'corregida')).toBe(true);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('SQLite: the page is answered from memory until its own document is written', async () => {
    const before = await page(first);
    // A write this connection counts as the second order's (a lie to the clock): the first order's
    // page stays the remembered one, so it was not read again…
    await inSlice('notes', `ORDER:${second}`, () => server.db.kysely.updateTable('notes').set({ description: 'sin avisar' }).where('doc_code', '=', 'ORDER').where('doc_id', '=', String(first)).execute());
    expect(await page(first)).toEqual(before);
    // …and a note on the first order reads it again, with everything written meanwhile.
    await note(first, 'otra nota');
    const after = await page(first);
    expect(after.elements[0]!.description).toBe('otra nota');
    expect(after.elements.slice(1).every((n) => n.description === 'sin avisar')).toBe(true);
  });
});

/**
 * Two handles on one database stand for two instances: `there` writes, `here` remembers. A note
 * inserted anywhere is notified by its document's slice (migration 0038); an update, a delete or an
 * insert of many documents' notes at once by the table's name.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)("PostgreSQL: another instance's note forgets its document's page only", () => {
  let url: string;
  let here: Db;
  let there: Db;
  let orders: number[];
  const pageHere = (order: number) => listNotes(here.kysely, 'ORDER', order, { page: 0, size: 50 });
  const descriptions = async (order: number) => (await pageHere(order)).elements.map((n) => n.description);
  const insertThere = (order: number, description: string) =>
    sql`insert into notes (doc_code, doc_id, account_id, description, created, email_agent) values ('ORDER', ${String(order)}, null, ${description}, '2026-11-30T00:00:00.000Z', 'otra@instancia')`.execute(there.kysely);
  /** A note the database does not notify (its triggers off, as a replica applies rows): only a page read again shows it. */
  const insertUnheard = async (order: number, description: string) => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query("SET LOCAL session_replication_role = 'replica'");
      await other.query("insert into notes (doc_code, doc_id, description, created) values ('ORDER', $1, $2, '2026-11-30T00:00:00.000Z')", [String(order), description]);
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
  };
  /** Reads the page until `description` is on it, for at most two seconds (a notification's moment). */
  const until = async (order: number, description: string) => {
    for (const deadline = Date.now() + 2000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
      if ((await descriptions(order)).includes(description)) return true;
    }
    return false;
  };

  beforeEach(async () => {
    url = (await freshPostgresDatabase())!;
    here = openDatabase({ databaseFile: ':memory:', databaseUrl: url });
    there = openDatabase({ databaseFile: ':memory:', databaseUrl: url });
    await here.notifications()!.ready;
    orders = (await here.kysely.selectFrom('orders').select('id').orderBy('id').limit(3).execute()).map((o) => o.id);
  });
  afterEach(async () => {
    await here.close();
    await there.close();
    await dropPostgresDatabase(url);
  });

  it("a note on the second order is heard by its slice: the second order's page is read again, the first's stays remembered", async () => {
    const [first, second] = orders as [number, number];
    await pageHere(first);
    await pageHere(second);
    await insertUnheard(first, 'no avisada');
    expect(await descriptions(first)).not.toContain('no avisada'); // remembered
    await insertThere(second, 'avisada');
    expect(await until(second, 'avisada')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await descriptions(first)).not.toContain('no avisada'); // still remembered: the second order's note did not forget it
    // A write to the whole table (an update) forgets every document's page.
    await sql`update notes set email_agent = email_agent where id = (select min(id) from notes)`.execute(there.kysely);
    expect(await until(first, 'no avisada')).toBe(true);
  });

  it("an insert of more than a hundred documents' notes at once is heard as the whole table", async () => {
    const [first] = orders as [number];
    await pageHere(first);
    await insertUnheard(first, 'no avisada');
    await sql`insert into notes (doc_code, doc_id, description, created) select 'CALL', g::text, 'importada', '2026-11-30T00:00:00.000Z' from generate_series(1000001, 1000101) g`.execute(there.kysely);
    expect(await until(first, 'no avisada')).toBe(true);
  });

  it('this instance’s own note forgets its page before the answer leaves', async () => {
    const [first] = orders as [number];
    await pageHere(first);
    await here.kysely.transaction().execute((trx) =>
      inSlice('notes', `ORDER:${first}`, () =>
        sql`insert into notes (doc_code, doc_id, description, created) values ('ORDER', ${String(first)}, 'propia', '2026-11-30T00:00:00.000Z')`.execute(trx),
      ),
    );
    expect(await descriptions(first)).toContain('propia');
  });
});
