import { ActionBar } from '@/ui/action-bar';
import type { BankDestinationBody, BankTransfer, Remittance } from '@/api/contract/remittance';
import type { BankRemittanceEvent } from '@/machines/bank-remittance-item.machine';
import { bankRemittanceItemMachine } from '@/machines/bank-remittance-item.machine';
import { getRemittance, updateBankDestination, updateBankProvider, updateBankStatus } from '@/api/remittance';
import { formatDateTime } from '@/domain/time';
import { useServices } from '@/app/context';
import { useConfirmAction, useFormAction } from '@/ui/action-button';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { DetailSection, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { tr } from '@/i18n/es-remittance';
import type { ItemPanelProps } from './item-panel';
import { useItemChart } from './use-item-chart';
import { RemittanceFacts, RemittanceFrame } from './remittance-view';
import { BankDestinationFields, bankDestinationForm, checkBankDestination, checkProvider, ProviderFields, type BankDestinationForm } from './remittance-forms';

const B = tr.bank;
const TRANSFER_COLUMNS: TableColumn<BankTransfer>[] = [
  { header: B.requestedAt, cell: (t) => formatDateTime(t.requestedAt), className: 'whitespace-nowrap' },
  { header: B.reference, cell: (t) => <code className="text-xs">{t.id}</code> },
  { header: B.card, cell: (t) => t.cardNumber ?? tr.none },
  { header: B.amount, cell: (t) => tr.money(t.amount, t.currency) },
  { header: B.transferred, cell: (t) => (t.transferred ? tr.yes : tr.no) },
  { header: B.message, cell: (t) => t.message ?? '' },
  { header: B.requestedBy, cell: (t) => t.requestedBy ?? B.automatic },
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
    title: tr.forms.bankDestinationTitle(id),
    initial: () => bankDestinationForm(data.data),
    validate: (form) => checkBankDestination(id, form),
    perform: async (body) => {
      await updateBankDestination(services.orders, body);
      return tr.texts.destinationModified(id);
    },
    successTitle: tr.modified,
    onDone: changed,
    children: (form, change) => <BankDestinationFields id={id} form={form} change={change} />,
  });
  const provider = useFormAction<{ provider: string }, string>({
    title: tr.forms.providerTitle,
    description: tr.forms.currentProvider(item.provider),
    initial: () => ({ provider: '' }),
    validate: ({ provider: chosen }) => checkProvider(item.provider, chosen),
    perform: async (chosen) => {
      await updateBankProvider(services.orders, id, chosen);
      return tr.texts.providerModified(chosen);
    },
    successTitle: tr.modified,
    onDone: changed,
    children: (form, change) => <ProviderFields id={id} value={form.provider} onChange={(chosen) => change({ provider: chosen })} />,
  });
  const approve = useConfirmAction({
    successTitle: tr.approved,
    perform: async () => {
      try {
        return tr.texts.bankApproved((await updateBankStatus(services.orders, id, 'TO_ACTIVATE', '')).message);
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
      return tr.texts.markedDelivered(id);
    },
    onDone: changed,
  });
  const back = useConfirmAction({
    perform: async () => {
      await updateBankStatus(services.orders, id, 'MANUAL', '');
      return tr.texts.backToProcessing(id);
    },
    onDone: changed,
  });

  const A = tr.actions;
  const buttons: { event: BankRemittanceEvent['type']; label: string; variant: 'primary' | 'secondary'; onClick: () => void }[] = [
    { event: 'item.modifyDestination', label: A.modifyDestination, variant: 'secondary', onClick: destination.open },
    { event: 'item.modifyProvider', label: A.modifyProvider, variant: 'secondary', onClick: provider.open },
    { event: 'item.approve', label: A.approve, variant: 'primary', onClick: () => approve.start(null) },
    { event: 'item.markDelivered', label: A.markDelivered, variant: 'primary', onClick: () => markDelivered.start(null) },
    { event: 'item.backToProcessing', label: A.backToProcessing, variant: 'secondary', onClick: () => back.start(null) },
  ];
  const shown = buttons.filter((b) => chart.can({ type: b.event }));

  return (
    <RemittanceFrame title={B.title(id)} item={item}>
      <ActionBar label={A.group(id)} actions={shown.map((b) => ({ ...b, key: b.event }))} />
      <DetailTabView tab={data}>
        {(remittance) => (
          <>
            <RemittanceFacts remittance={remittance} item={item} bank />
            <DetailSection title={B.transfers}>
              <SimpleTable label={B.transfersLabel(id)} rows={remittance.transfers} columns={TRANSFER_COLUMNS} rowKey={(t) => t.id} empty={tr.empty} />
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
