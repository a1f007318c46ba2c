import { PrepaidApproveQuery, PrepaidCard, PrepaidCardQuery, PrepaidMove, PrepaidUpdateBody } from '@/api/contract/prepaid-gift';
import { Permission } from '@/domain/permissions';
import { PrepaidRefused } from '@/domain/pickup-prepaid';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';
import { itemQuestion } from '@/i18n/es-questions';
import { rowOf } from '@/machines/lifecycle/table';
import type { ItemContextBase, ItemSubject } from './item';
import { prepaidDestinationForm, type PrepaidFacts } from './prepaid-card.form';

/** The prepaid card's actions (spec details §4 "Prepaid card", §7): the operations specialist's. */

export type PrepaidCardEvent = { type: 'item.approve' } | { type: 'item.editDestination' };

export interface PrepaidCardContext extends ItemContextBase {
  /** The card has a stored destination (without one there is nothing to edit). */
  hasDestination: boolean;
  /** What the destination's form opens with, as the panel shows it. */
  card?: PrepaidFacts['card'];
}

const row = rowOf<PrepaidCardEvent, PrepaidCardContext, ItemSubject>();
const specialist = [Permission.OPERATIONS_SPECIALIST];
const text = pickupPrepaidText.prepaid;

export const prepaidCardActions = [
  row({
    event: 'item.approve',
    label: text.approve,
    variant: 'primary',
    permissions: specialist,
    payout: true,
    confirm: (s) => itemQuestion('Aprobar', 'la tarjeta prepagada', s),
    success: { title: pickupPrepaidText.approved, text: (s) => text.approveText(s.id) },
    refused: PrepaidRefused.approve,
    // The spec approves the offer's card (foid).
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/prepaidCard/approve', query: PrepaidApproveQuery, data: PrepaidMove },
    request: (s) => ({ query: { foid: s.offerId } }),
    targets: (r) => [{ offer: r.query.foid }],
  }),
  row({
    event: 'item.editDestination',
    form: prepaidDestinationForm,
    label: text.editDestination,
    permissions: specialist,
    confirm: (s) => itemQuestion('Editar el destino de', 'la tarjeta prepagada', s),
    success: { title: pickupPrepaidText.modified, text: (s) => text.editText(s.id) },
    refused: PrepaidRefused.editDestination,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/prepaidCard/update', query: PrepaidCardQuery, body: PrepaidUpdateBody, data: PrepaidCard },
    request: (s, body: PrepaidUpdateBody) => ({ query: { foiid: s.id }, body }),
    targets: (r) => [{ item: r.query.foiid }],
    handler: 'prepaidDestination',
  }),
];
