import type { Kysely, Selectable } from 'kysely';
import type { Database, NotesTable } from '../db/schema';
import type { Principal } from '../deps';
import { signedAs } from '../deps';
import type { Note, NoteCreateBody, NoteDocCode } from '@/api/contract/order-detail';
import type { DocCode } from '@/domain/diff';
import { notFound } from '../http';
import { iso } from '../clock';
import type { Trx } from '../db/types';
import { cappedCounting, checkPageWithinCap, countUpTo, pageOf, rememberUntilWrite, type Page, type PageRequest } from '../db/paging';
import { inSlice } from '../db/table-writes';
import { NOTES_COUNT_CAP } from '@/api/contract/query';
import { accountNotFound } from '../customer/account-data';

type Db = Kysely<Database>;

/** Notes staff write on an order, a customer or a charge order (the docActivity chart's, server/activity/doc-activity.ts). */

/**
 * Runs `work` with its statements on the notes table about one document's notes (a slice of the
 * table, server/db/table-writes.ts): a note written on a document forgets that document's notes
 * pages only, not every document's.
 */
export const onNotesOf = <T>(docCode: string, docId: number | string, work: () => T): T => inSlice('notes', `${docCode}:${Number(docId)}`, work);

/**
 * A document's notes page, remembered until a note is written on that document (or the notes
 * table as a whole is written: an update, a delete, a script). The answer is shared: callers must
 * not change it.
 */
export async function listNotes(db: Db, docCode: NoteDocCode, docId: number, paging: PageRequest): Promise<Page<Note>> {
  checkPageWithinCap(paging);
  return rememberUntilWrite(db, `notes\u0000${docCode}:${docId}\u0000${paging.page}:${paging.size}`, () => onNotesOf(docCode, docId, () => readNotes(db, docCode, docId, paging)));
}

async function readNotes(db: Db, docCode: NoteDocCode, docId: number, paging: PageRequest): Promise<Page<Note>> {
  const base = db.selectFrom('notes').where('doc_code', '=', docCode).where('doc_id', '=', String(docId));
  // Counted up to NOTES_COUNT_CAP: a document that gathers notes all day (the staff floor writes
  // thousands on one order) costs a page what one with a thousand does.
  const counted = cappedCounting(db, base.select('id'), NOTES_COUNT_CAP);
  // The page and its total in one statement: the count is a subquery the database runs once (a
  // round trip less per read; on PostgreSQL each statement costs more than these two index reads).
  const rows = await base
    .selectAll()
    .select(counted.as('total'))
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  // A page past the end has no row to carry the total: counted on its own.
  const total = rows[0] ? rows[0].total : paging.page === 0 ? 0 : (await counted.executeTakeFirstOrThrow()).n;
  return pageOf(rows.map(noteOf), countUpTo(total ?? 0, NOTES_COUNT_CAP));
}

function noteOf(r: Selectable<NotesTable>): Note {
  return {
    id: r.id,
    description: r.description,
    created: r.created,
    emailAgent: r.email_agent,
    docCode: r.doc_code,
    docId: r.doc_id,
    accountId: r.account_id,
  };
}

/** The account a document belongs to, or 404 (a customer's documents are the customer). */
export async function documentAccount(db: Db, docCode: DocCode | NoteDocCode, docId: number): Promise<number> {
  if (docCode === 'ORDER') {
    const order = await db.selectFrom('orders').select('account_id').where('id', '=', docId).executeTakeFirst();
    if (!order) throw notFound(`No se encontró la orden ${docId}.`);
    return order.account_id;
  }
  if (docCode === 'UPG') {
    const charge = await db.selectFrom('charge_orders').select('account_id').where('id', '=', docId).executeTakeFirst();
    if (!charge) throw notFound(`No se encontró la orden de cobro ${docId}.`);
    return charge.account_id;
  }
  if (docCode === 'CALL') {
    const call = await db.selectFrom('calls').select('account_id').where('id', '=', docId).executeTakeFirst();
    if (!call) throw notFound(`No se encontró la llamada ${docId}.`);
    return call.account_id;
  }
  if (docCode === 'SETTING') throw notFound(`No se encontró el documento ${docId}.`);
  const account = await db.selectFrom('accounts').select('id').where('id', '=', docId).executeTakeFirst();
  if (!account) throw accountNotFound(docId);
  return account.id;
}

/** Writes a note on a document of an account (the docActivity chart's `note` handler: its log and audit row are the mover's). */
export async function insertNote(trx: Trx, principal: Principal, body: NoteCreateBody, accountId: number, now: number): Promise<Note> {
  const row = await onNotesOf(body.docCode, body.docId, () =>
    trx
      .insertInto('notes')
      .values({
        doc_code: body.docCode,
        doc_id: String(Number(body.docId)),
        account_id: accountId,
        description: body.description,
        created: iso(now),
        email_agent: signedAs(principal),
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return noteOf(row);
}
