import type { Kysely, Selectable } from 'kysely';
import type { Database, NotesTable } from '../db/schema';
import type { Principal } from '../deps';
import type { Note, NoteCreateBody, NoteDocCode } from '@/api/contract/order-detail';
import type { DocCode } from '@/domain/diff';
import { badRequest, notFound } from '../http';
import { iso } from '../clock';
import { recordMutation } from '../lifecycle/audit';
import type { Db as DbHandle } from '../db/database';
import { inTransaction } from '../db/transaction';
import { checkPageWithinCap, pageOf, type Page, type PageRequest } from '../db/paging';
import { accountNotFound } from '../customer/account-data';

type Db = Kysely<Database>;

/** Notes staff write on an order, a customer or a charge order, each with its action log. */

/** The action log's code of each document a note is written on. */
export const NOTE_LOG_CODE: Record<NoteDocCode, DocCode> = { ORDER: 'ORDER', CUSTOMER: 'CUSTOM', UPG: 'UPG' };

export async function listNotes(db: Db, docCode: NoteDocCode, docId: number, paging: PageRequest): Promise<Page<Note>> {
  checkPageWithinCap(paging);
  const base = db.selectFrom('notes').where('doc_code', '=', docCode).where('doc_id', '=', String(docId));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created', 'desc').orderBy('id', 'desc').limit(paging.size).offset(paging.page * paging.size).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(noteOf), { total: Number(count.n), limited: false });
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

/** Writes a note and, in the same transaction, its action log and audit row. */
export async function createNote(db: DbHandle, principal: Principal, body: NoteCreateBody, now: number): Promise<Note> {
  const docId = Number(body.docId);
  return inTransaction(db, async (trx) => {
    const accountId = await documentAccount(trx, body.docCode, docId);
    if (body.accountId !== undefined && body.accountId !== null && body.accountId !== accountId) {
      throw badRequest('El usuario no corresponde al documento.');
    }
    const row = await trx
      .insertInto('notes')
      .values({
        doc_code: body.docCode,
        doc_id: String(docId),
        account_id: accountId,
        description: body.description,
        created: iso(now),
        email_agent: principal.email ?? principal.username,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordMutation(
      trx,
      principal,
      {
        docCode: NOTE_LOG_CODE[body.docCode],
        docId: String(docId),
        action: 'note.create',
        description: `Nota agregada: ${body.description.length > 120 ? `${body.description.slice(0, 117)}...` : body.description}`,
        before: null,
        after: { note: body.description },
      },
      now,
    );
    return noteOf(row);
  });
}
