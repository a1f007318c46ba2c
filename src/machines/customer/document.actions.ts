import { Msg } from '@/domain/messages';
import { DocumentDeleteQuery, DocumentUpdateBody, UserDocument, DocumentAddBody } from '@/api/contract/customer-documents';
import { Permission } from '@/domain/permissions';
import { DocumentRefused, documentName, documentTypeLabel, type DocumentType } from '@/domain/documents';
import { customerText } from '@/i18n/es-customer';
import { rowOf } from '@/machines/lifecycle/table';
import { addDocumentForm, updateDocumentForm, type DocumentForm } from './document.form';
export type { DocumentForm };

/**
 * A customer's identity document's actions (spec details §3 "User document", §7 "Documents"):
 * review it, replace its type or photo, delete it; and, on the customer's list, add one. Support
 * work: CRM7_DO_ACTION (spec details §6).
 */

export type DocumentEvent = { type: 'document.approve' } | { type: 'document.reject' } | { type: 'document.update' } | { type: 'document.delete' };

export interface DocumentContext {
  status: string;
  permissions: readonly string[];
  /** What 'Actualizar documento' opens with, as the Documentos tab read the document: its type. */
  type?: string;
}

/** A document as the Documentos tab names it. */
export interface DocumentSubject {
  id: number;
  accountId: number;
  type: string;
}

const row = rowOf<DocumentEvent, DocumentContext, DocumentSubject>();
const text = customerText.documents;
const UPDATE = { client: 'users', method: 'POST', path: '/users/secured/documents/update', body: DocumentUpdateBody, multipart: true, data: UserDocument } as const;
const byId = (r: { body: { id: number } }) => [{ id: r.body.id }];
const review = (status: 'APPROVED' | 'REJECTED') => (s: DocumentSubject) => ({ body: { id: s.id, accountId: s.accountId, type: s.type as DocumentType, status, file: undefined } });

export const documentActions = [
  row({
    event: 'document.approve',
    label: text.approve,
    permissions: [Permission.DO_ACTION],
    confirm: (s) => text.approveQuestion(documentName(s), s.accountId),
    success: { text: (s) => text.approved(documentName(s)) },
    refused: DocumentRefused.notPending,
    wire: UPDATE,
    request: review('APPROVED'),
    match: (r) => r.body.status === 'APPROVED',
    targets: byId,
  }),
  row({
    event: 'document.reject',
    label: text.reject,
    variant: 'danger',
    permissions: [Permission.DO_ACTION],
    confirm: (s) => text.rejectQuestion(documentName(s), s.accountId),
    success: { text: (s) => text.rejected(documentName(s)) },
    refused: DocumentRefused.notPending,
    wire: UPDATE,
    request: review('REJECTED'),
    match: (r) => r.body.status === 'REJECTED',
    targets: byId,
  }),
  row({
    event: 'document.update',
    form: updateDocumentForm,
    label: text.update,
    variant: 'secondary',
    permissions: [Permission.DO_ACTION],
    confirm: (s) => text.updateQuestion(documentName(s), s.accountId),
    success: { title: Msg.modified, text: (s) => text.updated(documentName(s)) },
    refused: DocumentRefused.deleted,
    wire: UPDATE,
    request: (s, form: DocumentForm) => ({ body: { id: s.id, accountId: s.accountId, type: form.type, status: 'PENDING' as const, file: form.file } }),
    match: (r) => r.body.status === 'PENDING',
    targets: byId,
    handler: 'update',
  }),
  row({
    event: 'document.delete',
    label: text.delete,
    variant: 'danger',
    permissions: [Permission.DO_ACTION],
    confirm: (s) => text.deleteQuestion(documentName(s), s.accountId),
    success: { text: (s) => text.deleted(documentName(s)) },
    refused: DocumentRefused.deleted,
    wire: { client: 'users', method: 'POST', path: '/users/secured/documents/delete', query: DocumentDeleteQuery, data: UserDocument },
    request: (s) => ({ query: { id: s.id } }),
    targets: (r) => [{ id: r.query.id }],
  }),
];

/** The customer's documents as one entity: a new one is added to them. */
export type DocumentsEvent = { type: 'documents.add' };
export interface DocumentsContext {
  status: string;
  permissions: readonly string[];
}
export interface DocumentsSubject {
  accountId: number;
}

const listRow = rowOf<DocumentsEvent, DocumentsContext, DocumentsSubject>();

export const documentsActions = [
  listRow({
    event: 'documents.add',
    form: addDocumentForm,
    label: text.add,
    permissions: [Permission.DO_ACTION],
    confirm: (s, form: DocumentForm) => text.addQuestion(documentTypeLabel(form.type), s.accountId),
    success: { text: (_s, doc) => text.added(documentName(doc)) },
    refused: DocumentRefused.add,
    wire: { client: 'users', method: 'POST', path: '/users/secured/documents/add', body: DocumentAddBody, multipart: true, data: UserDocument },
    request: (s, form: DocumentForm) => ({ body: { accountId: s.accountId, type: form.type, file: form.file as File } }),
    targets: (r) => [{ accountId: r.body.accountId }],
    handler: 'add',
  }),
];
