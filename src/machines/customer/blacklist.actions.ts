import { BlacklistChange, BlacklistChanged } from '@/api/contract/settings';
import { listingOf, listingPermissions, ListingRefused, type ListingKind } from '@/domain/customer-blacklist';
import { listingText } from '@/i18n/es-blacklist';
import { rowOf, type WireRequest } from '@/machines/lifecycle/table';

/**
 * A customer's card or phone on the blacklist (spec details §4 "Card", "Phone", §6, §7
 * "/blacklist/secured/add and /remove: accountId, paymentMethod{uniqueNumberIdentifier,
 * paymentType CARD}"): the general blacklist's calls with the customer and one value of theirs.
 * The Lista Negra screen's changes (no customer, or several values) are not this chart's.
 */

export type ListingEvent = { type: 'blacklist.add' } | { type: 'blacklist.remove' };

export interface ListingContext {
  status: string;
  kind: ListingKind;
  permissions: readonly string[];
}

/** The value as the screen shows it: a card by its first six and last four, a phone formatted. */
export interface ListingSubject {
  accountId: number;
  kind: ListingKind;
  value: string;
  caption: string;
}

const row = rowOf<ListingEvent, ListingContext, ListingSubject>();
const text = listingText;

const request = (s: ListingSubject) => ({
  body: s.kind === 'CARD' ? { accountId: s.accountId, paymentMethod: { uniqueNumberIdentifier: s.value, paymentType: 'CARD' } } : { accountId: s.accountId, phoneNumbers: [s.value] },
});
const match = (r: WireRequest<unknown, BlacklistChange>) => listingOf(r.body) !== null;
const targets = (r: WireRequest<unknown, BlacklistChange>) => [listingOf(r.body)!];

export const listingActions = [
  row({
    event: 'blacklist.add',
    label: text.addLabel,
    variant: 'danger',
    // A card is fraud work; a phone, support work like the general blacklist.
    permissions: (_e, c) => listingPermissions(c.kind, true),
    confirm: (s) => text.addQuestion(s.caption, s.accountId),
    success: { text: (s) => text.added(text.noun[s.kind], s.caption) },
    refused: ListingRefused.listed,
    wire: { family: 'settings', client: 'blacklist', method: 'POST', path: '/blacklist/secured/add', body: BlacklistChange, data: BlacklistChanged },
    request,
    match,
    targets,
  }),
  row({
    event: 'blacklist.remove',
    label: text.removeLabel,
    variant: 'secondary',
    // Unmarking a card is offered to anyone who can edit (§6).
    permissions: (_e, c) => listingPermissions(c.kind, false),
    confirm: (s) => text.removeQuestion(s.caption, s.accountId),
    success: { text: (s) => text.removed(text.noun[s.kind], s.caption) },
    refused: ListingRefused.clear,
    wire: { family: 'settings', client: 'blacklist', method: 'POST', path: '/blacklist/secured/remove', body: BlacklistChange, data: BlacklistChanged },
    request,
    match,
    targets,
  }),
];
