import * as v from 'valibot';
import { ChartSnapshots } from './chart-snapshot';
import { Envelope, IsoDateTime } from './envelope';
import { imageFileOf, OptionalImage } from './remittance';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, DocumentMsg } from '@/domain/documents';

/** A customer's identity documents (spec details §3 "User document", §7 "Documents"). */

export const UserDocument = v.object({
  id: v.number(),
  accountId: v.number(),
  type: v.string(),
  status: v.string(),
  createdDate: IsoDateTime,
  createdBy: v.nullable(v.string()),
  modifiedDate: v.nullable(IsoDateTime),
  modifiedBy: v.nullable(v.string()),
  url: v.string(),
  /** The reference server's: the document's chart (docs/contract.md). */
  charts: ChartSnapshots,
});
export type UserDocument = v.InferOutput<typeof UserDocument>;
export const UserDocumentResponse = Envelope(UserDocument);
/** GET /users/secured/documents/list?accountId: the documents, newest first; the reference server's `charts`: adding one. */
export const UserDocumentsResponse = Envelope(v.object({ elements: v.array(UserDocument), charts: ChartSnapshots }));
export type UserDocuments = v.InferOutput<typeof UserDocumentsResponse>['data'];

const Digits = (message: string) =>
  v.pipe(v.optional(v.union([v.string(), v.number()]), ''), v.transform(String), v.trim(), v.nonEmpty(message), v.regex(/^\d{1,12}$/, message), v.transform(Number));
const DocumentTypeField = v.pipe(v.optional(v.string(), ''), v.picklist(DOCUMENT_TYPES, DocumentMsg.typeRequired));

/** POST /users/secured/documents/add (multipart): a new document of the customer, PENDING until reviewed. */
export const DocumentAddBody = v.object({
  accountId: Digits('Debe indicar el cliente.'),
  type: DocumentTypeField,
  file: imageFileOf(DocumentMsg.photoRequired),
});
export type DocumentAddBody = v.InferOutput<typeof DocumentAddBody>;

/**
 * POST /users/secured/documents/update (multipart): the review (status APPROVED or REJECTED) or
 * an edit (status PENDING: the type and, when sent, a new photo), one row each.
 */
export const DocumentUpdateBody = v.object({
  id: Digits(DocumentMsg.idRequired),
  /** The customer the screen shows: a document of another customer is not found. */
  accountId: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(/^\d{1,12}$/, 'Debe indicar el cliente.'), v.transform(Number))),
  type: DocumentTypeField,
  status: v.pipe(v.optional(v.string(), ''), v.picklist(DOCUMENT_STATUSES, DocumentMsg.statusInvalid)),
  file: OptionalImage,
});
export type DocumentUpdateBody = v.InferOutput<typeof DocumentUpdateBody>;

/** POST /users/secured/documents/delete?id */
export const DocumentDeleteQuery = v.object({ id: Digits(DocumentMsg.idRequired) });
export type DocumentDeleteQuery = v.InferOutput<typeof DocumentDeleteQuery>;
