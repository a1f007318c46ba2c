import type { UserDocument, UserDocuments } from '@/api/contract/customer-documents';
import { getDocuments } from '@/api/customer';
import { DOCUMENT_TYPES, DocumentMsg, documentName, documentStatusLabel, documentTypeLabel, type DocumentType } from '@/domain/documents';
import { IMAGE_TYPES } from '@/domain/remittance';
import { formatDateTime } from '@/domain/time';
import { Msg } from '@/domain/messages';
import type { DocumentForm } from '@/machines/customer/document.actions';
import { userDocument, userDocuments } from '@/machines/customer/document.machine';
import { ChartActions, chartForm, snapshotPart } from '@/ui/chart-actions';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { SimpleTable, type TableColumn } from '@/ui/detail-table';
import { InputField, SelectField } from '@/ui/fields';
import { imageProblem, pickImage } from '@/ui/images';
import { StoredImage } from '@/ui/stored-image';
import type { Services } from '@/api/services';
import { customerText } from '@/i18n/es-customer';

const text = customerText.documents;
const TYPE_OPTIONS = DOCUMENT_TYPES.map((t) => ({ value: t, label: documentTypeLabel(t) }));

export const loadDocuments = (services: Services, accountId: number) => getDocuments(services.users, accountId);

/** The add and edit form: the type, and the photo (required to add, optional to replace). */
function documentForm(title: string, initialType: DocumentType, photoRequired: boolean, idPrefix: string) {
  return chartForm<{ type: string; file: File | undefined }, DocumentForm>({
    title,
    initial: () => ({ type: initialType, file: undefined }),
    validate: (form) => {
      if (!(DOCUMENT_TYPES as readonly string[]).includes(form.type)) return { ok: false, message: DocumentMsg.typeRequired };
      if (photoRequired && !form.file) return { ok: false, message: DocumentMsg.photoRequired };
      const problem = imageProblem(form.file);
      if (problem) return { ok: false, message: problem };
      return { ok: true, payload: { type: form.type as DocumentType, ...(form.file ? { file: form.file } : {}) } };
    },
    fields: (form, change) => (
      <div className="space-y-3">
        <SelectField id={`${idPrefix}-type`} label={text.type} options={TYPE_OPTIONS} value={form.type} onChange={(e) => change({ type: e.target.value })} />
        <InputField id={`${idPrefix}-photo`} label={text.photo} type="file" accept={IMAGE_TYPES.join(',')} onChange={(e) => change({ file: pickImage(e.target.files) })} />
      </div>
    ),
  });
}

// The document's chart as the server restores it, carried by the list's read (never its `status` field).
const documentPart = (d: UserDocument) =>
  snapshotPart(d.charts, {
    lifecycle: userDocument,
    subject: { id: d.id, accountId: d.accountId, type: d.type },
    forms: { 'document.update': documentForm(text.updateTitle, d.type as DocumentType, false, `document-${d.id}`) },
  });

/**
 * Documentos: the customer's identity documents with their photo, and what the document chart
 * offers on each (review, replace, delete); "Agregar documento" above them.
 */
export function DocumentsTab({ accountId, tab }: { accountId: number; tab: DetailTab<UserDocuments> }) {
  const columns: TableColumn<UserDocument>[] = [
    { header: text.type, cell: (d) => documentTypeLabel(d.type) },
    { header: text.status, cell: (d) => documentStatusLabel(d.status) },
    { header: text.created, cell: (d) => formatDateTime(d.createdDate), className: 'whitespace-nowrap' },
    { header: text.createdBy, cell: (d) => d.createdBy ?? '' },
    { header: text.modified, cell: (d) => formatDateTime(d.modifiedDate), className: 'whitespace-nowrap' },
    { header: text.modifiedBy, cell: (d) => d.modifiedBy ?? '' },
    { header: text.image, cell: (d) => <StoredImage url={d.url} label={documentName(d)} /> },
    {
      header: text.actions,
      cell: (d) => <ChartActions label={text.group(documentName(d))} parts={[documentPart(d)]} onDone={tab.refresh} onFailed={tab.refresh} buttonName={(row) => `${row.label} ${documentName(d)}`} />,
    },
  ];
  // Adding one: the list's own chart, carried by the same read (nothing is offered before it is read).
  const adding = snapshotPart(tab.data?.charts, {
    lifecycle: userDocuments,
    subject: { accountId },
    forms: { 'documents.add': documentForm(text.addTitle, 'IDENTITY_DOCUMENT', true, `documents-${accountId}`) },
  });
  return (
    <div className="space-y-3">
      <ChartActions label={text.addGroup(accountId)} parts={[adding]} onDone={tab.refresh} onFailed={tab.refresh} />
      <DetailTabView tab={tab}>{({ elements }) => <SimpleTable label={text.label(accountId)} rows={elements} columns={columns} rowKey={(d) => d.id} empty={Msg.emptyResult} />}</DetailTabView>
    </div>
  );
}
