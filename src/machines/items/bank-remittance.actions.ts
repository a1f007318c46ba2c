import { BankDestinationBody, BankProviderAnswer, BankProviderBody, BankStatusAnswer, BankStatusBody, Remittance } from '@/api/contract/remittance';
import { Permission } from '@/domain/permissions';
import { RemittanceRefused, type RemittanceProvider } from '@/domain/remittance';
import { remittanceText } from '@/i18n/es-remittance';
import { itemQuestion } from '@/i18n/es-questions';
import { rowOf } from '@/machines/lifecycle/table';
import type { ItemContextBase, ItemKey, ItemSubject } from './item';
import { bankDestinationForm, providerForm, type BankFacts } from './bank-remittance.form';

/**
 * The bank remittance's actions (spec details §4 "Remittance to bank", §7): every one is the
 * operations specialist's (spec §6). Approve, mark delivered and back to processing share the
 * spec's update-status call, whose body names the target status: this table is the one place
 * that translates it to and from the chart's events.
 */

export type BankRemittanceEvent =
  | { type: 'item.modifyDestination' }
  /** The provider asked (absent: the button, which may ask any). */
  | { type: 'item.modifyProvider'; provider?: string }
  | { type: 'item.approve' }
  | { type: 'item.markDelivered' }
  | { type: 'item.backToProcessing' };

export interface BankRemittanceContext extends ItemContextBase {
  /** The provider the item goes through now: 'Cambiar Proveedor' says it, and refuses it. */
  provider: string | null;
  /** What 'Modificar destino' opens with, as the panel shows it: the remittance. */
  remittance?: BankFacts['remittance'];
}

const row = rowOf<BankRemittanceEvent, BankRemittanceContext, ItemSubject>();
const specialist = [Permission.OPERATIONS_SPECIALIST];
const actions = remittanceText.actions;
const items = (request: { body: { fulfillmentOrderItemIds: readonly number[] } }): ItemKey[] => request.body.fulfillmentOrderItemIds.map((item) => ({ item }));

/** update-status for one item: the spec's body with the target status. */
const statusWire = {
  family: 'remittance',
  client: 'orders',
  method: 'POST',
  path: '/orders/secured/remesa-to-bank/update-status',
  body: BankStatusBody,
  data: BankStatusAnswer,
} as const;
const statusRequest = (status: BankStatusBody['fulfillmentOrderItemStatus']) => (subject: ItemSubject) => ({
  body: { fulfillmentOrderItemStatus: status, fulfillmentOrderItemIds: [subject.id], log: null },
});

export const bankRemittanceActions = [
  row({
    event: 'item.modifyDestination',
    form: bankDestinationForm,
    label: actions.modifyDestination,
    permissions: specialist,
    confirm: (s) => itemQuestion('Modificar el destino de', 'la remesa bancaria', s),
    success: { title: remittanceText.modified, text: (s) => remittanceText.texts.destinationModified(s.id) },
    refused: RemittanceRefused.bankModifyDestination,
    wire: { family: 'remittance', client: 'orders', method: 'POST', path: '/orders/secured/remesaToBank/update', body: BankDestinationBody, multipart: true, data: Remittance },
    request: (_s, body: BankDestinationBody) => ({ body }),
    targets: (r) => [{ item: r.body.foiId }],
    handler: 'bankDestination',
  }),
  row({
    event: 'item.modifyProvider',
    form: providerForm,
    label: actions.modifyProvider,
    permissions: specialist,
    confirm: (s, provider: RemittanceProvider) => itemQuestion(`Cambiar a ${provider} el proveedor de`, 'la remesa bancaria', s),
    success: { title: remittanceText.modified, text: (_s, _data, provider) => remittanceText.texts.providerModified(provider) },
    refused: RemittanceRefused.bankModifyProvider,
    wire: { family: 'remittance', client: 'orders', method: 'POST', path: '/orders/secured/remesa-to-bank/update-provider', body: BankProviderBody, data: BankProviderAnswer },
    request: (s, provider: RemittanceProvider) => ({ body: { newProvider: provider, fulfillmentOrderItemIds: [s.id] } }),
    targets: items,
    eventOf: (r) => ({ type: 'item.modifyProvider', provider: r.body.newProvider }),
    handler: 'bankProvider',
  }),
  row({
    event: 'item.approve',
    label: actions.approve,
    variant: 'primary',
    permissions: specialist,
    payout: true,
    confirm: (s) => itemQuestion('Aprobar', 'la remesa', s),
    success: { title: remittanceText.approved, text: (_s, data) => remittanceText.texts.bankApproved(data.elements[0]?.message ?? null) },
    refused: RemittanceRefused.bankApprove,
    wire: statusWire,
    request: statusRequest('TO_ACTIVATE'),
    match: (r) => r.body.fulfillmentOrderItemStatus === 'TO_ACTIVATE',
    targets: items,
    // Approving asks the bank; "approving fails if the first returned element is not transferred".
    failure: (data) => (data.elements[0]?.transferred === false ? (data.elements[0].message ?? RemittanceRefused.notTransferred) : null),
    handler: 'askBank',
    fourEyes: 'item',
  }),
  row({
    event: 'item.markDelivered',
    label: actions.markDelivered,
    variant: 'primary',
    permissions: specialist,
    payout: true,
    confirm: (s) => itemQuestion('Marcar entregada', 'la remesa', s),
    success: { text: (s) => remittanceText.texts.markedDelivered(s.id) },
    refused: RemittanceRefused.bankMarkDelivered,
    wire: statusWire,
    request: statusRequest('FULFILLED'),
    match: (r) => r.body.fulfillmentOrderItemStatus === 'FULFILLED',
    targets: items,
    handler: 'bankStatus',
  }),
  row({
    event: 'item.backToProcessing',
    label: actions.backToProcessing,
    permissions: specialist,
    confirm: (s) => itemQuestion('Volver a procesamiento', 'la remesa', s),
    success: { text: (s) => remittanceText.texts.backToProcessing(s.id) },
    refused: RemittanceRefused.bankBackToProcessing,
    wire: statusWire,
    request: statusRequest('MANUAL'),
    match: (r) => r.body.fulfillmentOrderItemStatus === 'MANUAL',
    targets: items,
    handler: 'bankStatus',
  }),
];
