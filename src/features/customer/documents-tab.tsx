import type { UserDocument, UserDocuments } from '@/api/contract/customer-documents';
import { getDocuments } from '@/api/customer';
import { documentName, documentStatusLabel, documentTypeLabel } from '@/domain/documents';
import { formatDateTime } from '@/domain/time';
import { Msg } from '@/domain/messages';
import { userDocument, userDocuments } from '@/machines/customer/document.machine';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { SimpleTable, type TableColumn } from '@/ui/detail-table';
import { StoredImage } from '@/ui/stored-image';
import type { Services } from '@/api/services';
import { customerText } from '@/i18n/es-customer';

const text = customerText.documents;

export const loadDocuments = (services: Services, accountId: number) => getDocuments(services.users, accountId);

// The document's chart as the server restores it, carried by the list's read (never its `status` field);
// its type as listed is what 'Actualizar documento' opens with.
const documentPart = (d: UserDocument) =>
  snapshotPart(d.charts, {
    lifecycle: userDocument,
    subject: { id: d.id, accountId: d.accountId, type: d.type },
    shown: { type: d.type },
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
  });
  return (
    <div className="space-y-3">
      <ChartActions label={text.addGroup(accountId)} parts={[adding]} onDone={tab.refresh} onFailed={tab.refresh} />
      <DetailTabView tab={tab}>{({ elements }) => <SimpleTable label={text.label(accountId)} rows={elements} columns={columns} rowKey={(d) => d.id} empty={Msg.emptyResult} />}</DetailTabView>
    </div>
  );
}
