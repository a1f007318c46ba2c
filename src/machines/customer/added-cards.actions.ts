import { AddCardAttempts, AddCardResetQuery } from '@/api/contract/customer-detail';
import { AddedCardsMsg } from '@/domain/cards';
import { Permission } from '@/domain/permissions';
import { customerText } from '@/i18n/es-customer';
import { rowOf } from '@/machines/lifecycle/table';

/** A customer's attempts to add a card: reset by an agent (CRM7_AGENT, who reads them), by the spec's GET (details §7). */

export type AddedCardsEvent = { type: 'addedCards.reset' };
export interface AddedCardsContext {
  status: string;
  permissions: readonly string[];
}
export interface AddedCardsSubject {
  accountId: number;
}

const row = rowOf<AddedCardsEvent, AddedCardsContext, AddedCardsSubject>();
const text = customerText.addedCards;

export const addedCardsActions = [
  row({
    event: 'addedCards.reset',
    label: text.reset,
    variant: 'secondary',
    permissions: [Permission.AGENT],
    confirm: (s) => text.resetQuestion(s.accountId),
    success: { text: (s, state: AddCardAttempts) => text.resetDone(s.accountId, state.failed) },
    // Nothing to clear is the only refusal (the permission is asked first: 403).
    refused: AddedCardsMsg.none,
    wire: { client: 'customer', method: 'GET', path: '/customer/secured/add/creditcard/result/delete', query: AddCardResetQuery, data: AddCardAttempts },
    request: (s) => ({ query: { accountId: s.accountId } }),
    targets: (r) => [{ accountId: r.query.accountId }],
    handler: 'reset',
  }),
];
