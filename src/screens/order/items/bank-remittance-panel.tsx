import type { BankTransfer, Remittance } from '@/api/contract/remittance';
import { getRemittance } from '@/api/remittance';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { formatMoney } from '@/domain/format';
import { formatDateTime } from '@/domain/time';
import { useServices } from '@/ui/session';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { DetailSection, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { remittanceText } from '@/i18n/es-remittance';
import { itemSubject, type ItemPanelProps } from './item-types';
import { RemittanceFacts, RemittanceFrame } from './remittance-view';
import { yesNo } from '@/i18n';

const bankText = remittanceText.bank;
const TRANSFER_COLUMNS: TableColumn<BankTransfer>[] = [
  { header: bankText.requestedAt, cell: (t) => formatDateTime(t.requestedAt), className: 'whitespace-nowrap' },
  { header: bankText.reference, cell: (t) => <code className="text-xs">{t.id}</code> },
  { header: bankText.card, cell: (t) => t.cardNumber ?? remittanceText.none },
  { header: bankText.amount, cell: (t) => formatMoney(t.amount, t.currency) },
  { header: bankText.transferred, cell: (t) => yesNo(t.transferred) },
  { header: bankText.message, cell: (t) => t.message ?? '' },
  { header: bankText.requestedBy, cell: (t) => t.requestedBy ?? bankText.automatic },
];

/**
 * A bank remittance item (REMESA_BANCARIA): the remittance and the bank's answers, and the
 * actions its table offers this staff member in the item's status (spec details §4). Its forms
 * (src/machines/items/bank-remittance.form.ts) open with the remittance and the provider shown.
 */
export function BankRemittancePanel(props: ItemPanelProps) {
  const { order, item, onChanged } = props;
  const services = useServices();
  const data = useShownDetail<Remittance>(() => getRemittance(services.orders, order.id, item.id));
  const id = item.id;

  return (
    <RemittanceFrame title={bankText.title(id)} chart={bankRemittance.name} item={item}>
      <ChartActions
        label={remittanceText.actions.group(id)}
        parts={[snapshotPart(item.charts, { lifecycle: bankRemittance, subject: itemSubject(props), shown: { remittance: data.data, provider: item.provider } })]}
        onDone={() => {
          onChanged();
          data.refresh();
        }}
        // A refused approval is on record too: show the bank's answer.
        onFailed={data.refresh}
      />
      <DetailTabView tab={data}>
        {(remittance) => (
          <>
            <RemittanceFacts remittance={remittance} item={item} bank />
            <DetailSection title={bankText.transfers}>
              <SimpleTable label={bankText.transfersLabel(id)} rows={remittance.transfers} columns={TRANSFER_COLUMNS} rowKey={(t) => t.id} empty={remittanceText.empty} />
            </DetailSection>
          </>
        )}
      </DetailTabView>
    </RemittanceFrame>
  );
}
