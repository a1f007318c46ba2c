import type { BankRecipient, HomeRecipient } from '@/api/contract/customer-detail';
import { bankRecipient, homeRecipient } from '@/machines/customer/recipient.machine';
import type { RecipientSubject } from '@/machines/customer/recipient.actions';
import { ChartActions, snapshotPart, type ChartPart } from '@/ui/chart-actions';
import type { TableColumn } from '@/ui/detail-table';
import { customerText } from '@/i18n/es-customer';

const text = customerText.directory;

/** The actions column of a directory's table: what the recipient's chart, restored from the read's snapshot, offers this staff member. */
function actionsColumn<TRow>(part: (r: TRow) => ChartPart, nameOf: (r: TRow) => string, onChanged: () => void): TableColumn<TRow> {
  return {
    header: text.actions,
    cell: (r) => <ChartActions label={text.group(nameOf(r))} parts={[part(r)]} onDone={onChanged} onFailed={onChanged} buttonName={(row) => `${row.label} ${nameOf(r)}`} />,
  };
}

const subject = (id: number, accountId: number, name: string): RecipientSubject => ({ id, accountId, name });

// The recipient as listed is what 'Actualizar Datos del Destinatario' opens with (beneath the chart's snapshot).
export const homeRecipientActions = (onChanged: () => void) =>
  actionsColumn<HomeRecipient>(
    (r) => snapshotPart(r.charts, { lifecycle: homeRecipient, subject: subject(r.id, r.accountId, r.recipientName), shown: { recipient: r } }),
    (r) => r.recipientName,
    onChanged,
  );

export const bankRecipientActions = (accountId: number, onChanged: () => void) =>
  actionsColumn<BankRecipient>(
    (r) => snapshotPart(r.charts, { lifecycle: bankRecipient, subject: subject(r.id, accountId, r.fullName), shown: { recipient: r } }),
    (r) => r.fullName,
    onChanged,
  );
