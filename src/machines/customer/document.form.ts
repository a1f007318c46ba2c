import { checkBody, type Checked } from '@/api/contract/check';
import { DocumentAddBody, DocumentUpdateBody } from '@/api/contract/customer-documents';
import { DOCUMENT_TYPES, documentTypeLabel, type DocumentType } from '@/domain/documents';
import { IMAGE_TYPES } from '@/domain/remittance';
import { customerText } from '@/i18n/es-customer';
import { formOf } from '@/machines/lifecycle/form';

const text = customerText.documents;

/** What the add and edit forms give. */
export interface DocumentForm {
  type: DocumentType;
  file?: File;
}

/** What the document's edit opens with, as the Documentos tab read it (the chart's context). */
export interface DocumentFacts {
  type?: string;
}

interface Typed {
  type: string;
  file: File | undefined;
}

/**
 * The add and edit form of a document: its type, then its photo (checked in that order by the
 * row's own contract, which says whether the photo is required and which images the server takes).
 */
function documentForm<TContext, TSubject>(o: { title: string; id: (subject: TSubject) => string; type: (context: TContext) => string; check: (form: Typed, subject: TSubject) => Checked<{ type: DocumentType; file?: File | undefined }> }) {
  return formOf<TContext, TSubject>()({
    title: o.title,
    id: o.id,
    fields: [
      { kind: 'select', name: 'type', label: text.type, options: DOCUMENT_TYPES.map((t) => ({ value: t, label: documentTypeLabel(t) })) },
      { kind: 'file', name: 'file', id: 'photo', label: text.photo, accept: IMAGE_TYPES },
    ],
    initial: (c): Typed => ({ type: o.type(c), file: undefined }),
    validate: (f, _c, s) => {
      const checked = o.check(f, s);
      if (!checked.ok) return checked;
      const { type, file } = checked.payload;
      return { ok: true, payload: { type, ...(file ? { file } : {}) } satisfies DocumentForm };
    },
  });
}

/** 'Actualizar documento': its type as it is, a new photo if one is picked (the document goes back to review). */
export const updateDocumentForm = documentForm<DocumentFacts, { id: number; accountId: number }>({
  title: text.updateTitle,
  id: (s) => `document-${s.id}`,
  type: (c) => c.type ?? '',
  check: (f, s) => checkBody(DocumentUpdateBody, { id: s.id, accountId: s.accountId, type: f.type, status: 'PENDING', file: f.file }),
});

/** 'Agregar documento': an identity document by default, its photo required. */
export const addDocumentForm = documentForm<unknown, { accountId: number }>({
  title: text.addTitle,
  id: (s) => `documents-${s.accountId}`,
  type: () => 'IDENTITY_DOCUMENT',
  check: (f, s) => checkBody(DocumentAddBody, { accountId: s.accountId, type: f.type, file: f.file }),
});
