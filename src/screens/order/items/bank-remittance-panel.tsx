import { ActionBar } from '@/ui/action-bar';
import type { BankDestinationBody, BankTransfer, Remittance } from '@/api/contract/remittance';
import type { BankRemittanceEvent } from '@/machines/items/bank-remittance.machine';
import { bankRemittanceItemMachine } from '@/machines/items/bank-remittance.machine';
import { getRemittance, updateBankDestination, updateBankProvider, updateBankStatus } from '@/api/remittance';
import { formatDateTime } from '@/domain/time';
import { useServices } from '@/ui/session';
import { useConfirmAction, useFormAction } from '@/ui/action-button';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { DetailSection, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { remittanceText } from '@/i18n/es-remittance';
import type { ItemPanelProps } from './item-panel';
import { useItemChart } from './use-item-chart';
import { RemittanceFacts, RemittanceFrame } from './remittance-view';
import { BankDestinationFields, bankDestinationForm, checkBankDestination, checkProvider, ProviderFields, type BankDestinationForm } from './remittance-forms';

const bankText = remittanceText.bank;
const TRANSFER_COLUMNS: TableColumn<BankTransfer>[] = [
  { header: bankText.requestedAt, cell: (t) => formatDateTime(t.requestedAt), className: 'whitespace-nowrap' },
  { header: bankText.reference, cell: (t) => <code className="text-xs">{t.id}</code> },
  { header: bankText.card, cell: (t) => t.cardNumber ?? remittanceText.none },
  { header: bankText.amount, cell: (t) => remittanceText.money(t.amount, t.currency) },
  { header: bankText.transferred, cell: (t) => (t.transferred ? remittanceText.yes : remittanceText.no) },
  { header: bankText.message, cell: (t) => t.message ?? '' },
  { header: bankText.requestedBy, cell: (t) => t.requestedBy ?? bankText.automatic },
];

/**
 * A bank remittance item (REMESA_BANCARIA): the remittance and the bank's answers, and the
 * actions its chart allows this staff member in the item's status (spec details §4). The flows
 * live here, so a dialog outlives the button its action removes.
 */
export function BankRemittancePanel({ order, item, onChanged }: ItemPanelProps) {
  const services = useServices();
  const chart = useItemChart(bankRemittanceItemMachine, item.status);
  const data = useShownDetail<Remittance>(() => getRemittance(services.orders, order.id, item.id));
  const changed = () => {
    onChanged();
    data.refresh();
  };
  const id = item.id;

  const destination = useFormAction<BankDestinationForm, BankDestinationBody>({
    title: remittanceText.forms.bankDestinationTitle(id),
    initial: () => bankDestinationForm(data.data),
    validate: (form) => checkBankDestination(id, form),
    perform: async (body) => {
      await updateBankDestination(services.orders, body);
      return remittanceText.texts.destinationModified(id);
    },
    successTitle: remittanceText.modified,
    onDone: changed,
    children: (form, change) => <BankDestinationFields id={id} form={form} change={change} />,
  });
  const provider = useFormAction<{ provider: string }, string>({
    title: remittanceText.forms.providerTitle,
    description: remittanceText.forms.currentProvider(item.provider),
    initial: () => ({ provider: '' }),
    validate: ({ provider: chosen }) => checkProvider(item.provider, chosen),
    perform: async (chosen) => {
      await updateBankProvider(services.orders, id, chosen);
      return remittanceText.texts.providerModified(chosen);
    },
    successTitle: remittanceText.modified,
    onDone: changed,
    children: (form, change) => <ProviderFields id={id} value={form.provider} onChange={(chosen) => change({ provider: chosen })} />,
  });
  const approve = useConfirmAction({
    successTitle: remittanceText.approved,
    perform: async () => {
      try {
        return remittanceText.texts.bankApproved((await updateBankStatus(services.orders, id, 'TO_ACTIVATE', '')).message);
      } catch (error) {
        // A refusal is on record too: show the bank's answer.
        data.refresh();
        throw error;
      }
    },
    onDone: changed,
  });
  const markDelivered = useConfirmAction({
    perform: async () => {
      await updateBankStatus(services.orders, id, 'FULFILLED', '');
      return remittanceText.texts.markedDelivered(id);
    },
    onDone: changed,
  });
  const back = useConfirmAction({
    perform: async () => {
      await updateBankStatus(services.orders, id, 'MANUAL', '');
      return remittanceText.texts.backToProcessing(id);
    },
    onDone: changed,
  });

  const actionText = remittanceText.actions;
  const buttons: { event: BankRemittanceEvent['type']; label: string; variant: 'primary' | 'secondary'; onClick: () => void }[] = [
    { event: 'item.modifyDestination', label: actionText.modifyDestination, variant: 'secondary', onClick: destination.open },
    { event: 'item.modifyProvider', label: actionText.modifyProvider, variant: 'secondary', onClick: provider.open },
    { event: 'item.approve', label: actionText.approve, variant: 'primary', onClick: () => approve.start(null) },
    { event: 'item.markDelivered', label: actionText.markDelivered, variant: 'primary', onClick: () => markDelivered.start(null) },
    { event: 'item.backToProcessing', label: actionText.backToProcessing, variant: 'secondary', onClick: () => back.start(null) },
  ];
  const shown = buttons.filter((b) => chart.can({ type: b.event }));

  return (
    <RemittanceFrame title={bankText.title(id)} item={item}>
      <ActionBar label={actionText.group(id)} actions={shown.map((b) => ({ ...b, key: b.event }))} />
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
      {destination.dialogs}
      {provider.dialogs}
      {approve.dialogs}
      {markDelivered.dialogs}
      {back.dialogs}
    </RemittanceFrame>
  );
}
