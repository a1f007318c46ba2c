import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { UserDocumentsTable } from '../db/schema-customer-history';
import { changedMeanwhile, malformed, notFound } from '../refusals';
import { iso } from '../clock';
import { bind, bodyOf, type Store, type Trx } from '../lifecycle/binding';
import { recordCreated } from '../lifecycle/first-moments';
import { readUpload, type UploadedImage } from '../items/remittance';
import { accountOrThrow, accountStore, type AccountRecord } from './account-data';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import type { DocumentAddBody, DocumentUpdateBody, UserDocument } from '@/api/contract/customer-documents';
import { DocumentMsg, DocumentRefused, documentName } from '@/domain/documents';
import { userDocument, userDocuments } from '@/machines/customer/document.machine';
import { signedAs } from '../deps';

type Db = Kysely<Database>;
export type DocumentRecord = Selectable<UserDocumentsTable>;

export const DOCUMENT_FILE_PATH = '/users/secured/documents/file';

function documentOf(r: DocumentRecord): UserDocument {
  return {
    id: r.id,
    accountId: r.account_id,
    type: r.type,
    status: r.status,
    createdDate: r.created_date,
    createdBy: r.created_by,
    modifiedDate: r.modified_date,
    modifiedBy: r.modified_by,
    url: `${DOCUMENT_FILE_PATH}?id=${r.file_id}`,
  };
}

/** The customer's documents (the deleted ones aside), newest first, each with its charts (`chartsOf`, from the record the store finds). */
export async function listDocuments(db: Db, accountId: number, chartsOf: (record: DocumentRecord) => Promise<ChartSnapshot[]>): Promise<{ elements: UserDocument[] }> {
  await accountOrThrow(db, accountId);
  const rows = await db.selectFrom('user_documents').selectAll().where('account_id', '=', accountId).where('status', '!=', 'DELETED').orderBy('id', 'desc').execute();
  return { elements: await Promise.all(rows.map(async (r) => ({ ...documentOf(r), charts: await chartsOf(r) }))) };
}

/** A document's photo; 404 for an unknown or deleted one. */
export async function documentFile(db: Db, fileId: string) {
  const row = await db.selectFrom('user_documents').select(['content_type', 'data']).where('file_id', '=', fileId).where('status', '!=', 'DELETED').executeTakeFirst();
  if (!row) throw notFound('El archivo no existe.');
  return { contentType: row.content_type, bytes: Buffer.from(row.data, 'base64') };
}

const photo = (image: UploadedImage) => ({ file_id: randomUUID(), content_type: image.contentType, size: image.bytes.length, data: image.bytes.toString('base64') });

async function documentRecord(trx: Trx | Db, id: number): Promise<DocumentRecord> {
  const row = await trx.selectFrom('user_documents').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`No se encontró el documento ${id}.`);
  return row;
}

const documentStore: Store<DocumentRecord, { id: number }> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.account_id),
  idOf: (r) => r.id,
  find: async (trx, key, request) => {
    const record = await documentRecord(trx, key.id);
    // A document of another customer than the one named is not found (no hint that it exists).
    const named = (request.body as { accountId?: number } | undefined)?.accountId;
    if (named !== undefined && named !== record.account_id) throw notFound(`No se encontró el documento ${key.id}.`);
    return [record];
  },
  input: async (_trx, r) => ({ status: r.status }),
  async save(trx, move, ctx) {
    const updated = await trx
      .updateTable('user_documents')
      .set({ status: move.to, modified_date: iso(ctx.now), modified_by: signedAs(ctx.principal), version: move.record.version + 1 })
      .where('id', '=', move.record.id)
      .where('version', '=', move.record.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(DocumentRefused.concurrent);
  },
};

/** Every row answers the document as it is now. */
export const documentBinding = bind<DocumentRecord, { id: number }>({
  lifecycle: userDocument,
  store: documentStore,
  handlers: {
    // A new type and, when sent, a new photo: the document goes back to review.
    update: {
      prepare: async (request) => {
        const file = bodyOf<DocumentUpdateBody>(request).file;
        return file ? await readUpload(file) : null;
      },
      async perform({ trx, record, request, prepared }) {
        const { type } = bodyOf<DocumentUpdateBody>(request);
        const image = prepared as UploadedImage | null;
        await trx
          .updateTable('user_documents')
          .set({ type, ...(image ? photo(image) : {}) })
          .where('id', '=', record.id)
          .execute();
        return {
          description: `Documento ${documentName(record)} actualizado`,
          before: { type: record.type, ...(image ? { photo: record.file_id } : {}) },
          after: { type, ...(image ? { photo: 'nueva' } : {}) },
        };
      },
    },
  },
  describe: (row, record) => `${row.label}: documento ${documentName(record)}`,
  answer: async (results, _request, ctx) => (results[0] ? documentOf(await documentRecord(ctx.db, results[0].record.id)) : null),
});

/** The customer's documents as one entity: the account, always open to a new document. */
export const documentsBinding = bind<AccountRecord, { accountId: number }>({
  lifecycle: userDocuments,
  store: accountStore,
  handlers: {
    add: {
      prepare: async (request) => {
        const image = await readUpload(bodyOf<DocumentAddBody>(request).file);
        if (!image) throw malformed(DocumentMsg.photoRequired);
        return image;
      },
      async perform({ trx, ctx, record, request, prepared }) {
        const { type } = bodyOf<DocumentAddBody>(request);
        const row = await trx
          .insertInto('user_documents')
          .values({ account_id: record.id, type, status: 'PENDING', created_date: iso(ctx.now), created_by: signedAs(ctx.principal), modified_date: null, modified_by: null, ...photo(prepared as UploadedImage), version: 0 })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordCreated({ trx, ctx, key: { id: row.id } }, [userDocument.name]);
        return { description: `Documento ${documentName(row)} agregado`, before: { document: null }, after: { document: row.id, type }, data: documentOf(row) };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});
