import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { MIGRATIONS, migrate } from '../../server/db/migrate';
import { rememberUntilWrite } from '../../server/db/paging';
import { seedDatabase } from '../../server/db/seed/index';
import { NoteResponse, NotesResponse } from '@/api/contract/order-detail';
import { orderDetailServer } from '../support/order-detail-server';

/**
 * Issue 42 (the soak's drift): a document's notes total is a row the database keeps with its notes
 * (migration 0038), on both databases: whoever writes a note, the total follows, and a notes page
 * reads it instead of counting the document's notes.
 */
const { server, tokens, risk, k, json } = orderDetailServer();

/** Every document's notes counted, against the totals kept: documents whose two differ. */
async function totalsThatDiffer() {
  const counted = await k().selectFrom('notes').select(['doc_code', 'doc_id', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy(['doc_code', 'doc_id']).execute();
  const kept = await k().selectFrom('note_totals').selectAll().where('total', '<>', 0).execute();
  const key = (code: string, id: string) => `${code} ${id}`;
  const count = new Map(counted.map((r) => [key(r.doc_code, r.doc_id), Number(r.n)]));
  const total = new Map(kept.map((r) => [key(r.doc_code, r.doc_id), Number(r.total)]));
  return [...new Set([...count.keys(), ...total.keys()])].filter((doc) => count.get(doc) !== total.get(doc));
}

const totalOf = async (docCode: string, docId: number) =>
  Number((await k().selectFrom('note_totals').select('total').where('doc_code', '=', docCode).where('doc_id', '=', String(docId)).executeTakeFirst())?.total ?? 0);

describe('a document’s notes total, kept by the database', () => {
  it('equals the notes of every document after the seed', async () => {
    expect(await k().selectFrom('notes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).not.toEqual({ n: 0 });
    expect(await totalsThatDiffer()).toEqual([]);
  });

  it('follows a note through the server, one written, moved and deleted by hand, and a clean-up of many', async () => {
    const before = await totalOf('ORDER', risk.id);
    const { data: note } = await json(NoteResponse, await server.post('/uaa/secured/doc-note/create', tokens.soporte, { docCode: 'ORDER', docId: String(risk.id), description: 'Por el servidor' }));
    expect(await totalOf('ORDER', risk.id)).toBe(before + 1);
    const byHand = await k()
      .insertInto('notes')
      .values({ doc_code: 'ORDER', doc_id: String(risk.id), account_id: risk.accountId, description: 'A mano', created: new Date().toISOString(), email_agent: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await totalOf('ORDER', risk.id)).toBe(before + 2);
    // Moved to the customer's document: one less on the order, one more on the customer.
    const customerBefore = await totalOf('CUSTOMER', risk.accountId);
    await k().updateTable('notes').set({ doc_code: 'CUSTOMER', doc_id: String(risk.accountId) }).where('id', '=', byHand.id).execute();
    expect(await totalOf('ORDER', risk.id)).toBe(before + 1);
    expect(await totalOf('CUSTOMER', risk.accountId)).toBe(customerBefore + 1);
    // Another column changed: the totals stay.
    await k().updateTable('notes').set({ description: 'Corregida' }).where('id', '=', note.id).execute();
    expect(await totalOf('ORDER', risk.id)).toBe(before + 1);
    await k().deleteFrom('notes').where('id', 'in', [note.id, byHand.id]).execute();
    expect(await totalOf('ORDER', risk.id)).toBe(before);
    expect(await totalOf('CUSTOMER', risk.accountId)).toBe(customerBefore);
    // A rolled-back note leaves no total behind.
    await k()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('notes').values({ doc_code: 'ORDER', doc_id: String(risk.id), account_id: null, description: 'Deshecha', created: new Date().toISOString(), email_agent: null }).execute();
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await totalOf('ORDER', risk.id)).toBe(before);
    // The bench's clean-up: every note of a kind at once.
    await k().deleteFrom('notes').where('description', 'like', '%').where('doc_code', '=', 'ORDER').where('doc_id', '=', String(risk.id)).execute();
    expect(await totalOf('ORDER', risk.id)).toBe(0);
    expect(await totalsThatDiffer()).toEqual([]);
  });

  it('is what a notes page says, not a count of the notes', async () => {
    const list = async (page: number) => (await json(NotesResponse, await server.get(`/orders/secured/notes/list?orderId=${risk.id}&page=${page}&size=2`, tokens.admin))).data;
    await json(NoteResponse, await server.post('/uaa/secured/doc-note/create', tokens.soporte, { docCode: 'ORDER', docId: String(risk.id), description: 'Una' }));
    const kept = await totalOf('ORDER', risk.id);
    expect((await list(0)).totalElements).toBe(kept);
    // The kept row alone says the total (on a page of notes and on one past the end).
    await k().updateTable('note_totals').set({ total: 987 }).where('doc_code', '=', 'ORDER').where('doc_id', '=', String(risk.id)).execute();
    expect((await list(0)).totalElements).toBe(987);
    expect(await list(400)).toMatchObject({ totalElements: 987, countElements: 0 });
    await k().updateTable('note_totals').set({ total: kept }).where('doc_code', '=', 'ORDER').where('doc_id', '=', String(risk.id)).execute();
  });

  it('a read of the totals remembered is read again when a note is written (the trigger’s write counts)', async () => {
    let reads = 0;
    const read = () =>
      rememberUntilWrite(k(), 'note-totals-test', async () => {
        reads++;
        return (await k().selectFrom('note_totals').select('total').where('doc_code', '=', 'ORDER').where('doc_id', '=', String(risk.id)).executeTakeFirst())?.total ?? 0;
      });
    const first = Number(await read());
    await read();
    const remembered = reads;
    await json(NoteResponse, await server.post('/uaa/secured/doc-note/create', tokens.soporte, { docCode: 'ORDER', docId: String(risk.id), description: 'Otra' }));
    expect(Number(await read())).toBe(first + 1);
    expect(reads).toBe(remembered + 1);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('migration 0038 on a database of the previous version', () => {
  it('counts the notes that were there once', async () => {
    const db = openDatabase({ databaseFile: ':memory:', databaseUrl: null });
    const kysely = db.kysely;
    await sql`CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(kysely);
    const at = MIGRATIONS.findIndex((m) => m.name === '0038-note-totals');
    for (const m of MIGRATIONS.slice(0, at)) {
      await kysely.transaction().execute((trx) => m.up(trx as never, db.dialect));
      await sql`INSERT INTO schema_migrations (name, applied_at) VALUES (${m.name}, ${new Date().toISOString()})`.execute(kysely);
    }
    await seedDatabase(db, { seed: 3, scale: 'test', now: Date.UTC(2026, 0, 1) });
    const counted = await kysely.selectFrom('notes').select(['doc_code', 'doc_id', (eb) => eb.fn.countAll<number>().as('total')]).groupBy(['doc_code', 'doc_id']).orderBy('doc_code').orderBy('doc_id').execute();
    expect(counted.length).toBeGreaterThan(1);
    expect(await migrate(db)).toEqual(MIGRATIONS.slice(at).map((m) => m.name));
    expect(await kysely.selectFrom('note_totals').select(['doc_code', 'doc_id', 'total']).orderBy('doc_code').orderBy('doc_id').execute()).toEqual(counted);
    await db.close();
  });
});
