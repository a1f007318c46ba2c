import { BLACKLIST_TYPES, BlacklistChange, BlacklistChanged } from '@/api/contract/settings';
import { listingOf, listingPermissions } from '@/domain/customer-blacklist';
import { Permission } from '@/domain/permissions';
import { entryCaption, ListRefused, type ListedValue } from '@/domain/settings-lists';
import { settingsText } from '@/i18n/es-settings';
import { rowOf, type WireRequest } from '@/machines/lifecycle/table';
import { distinctValues, kindOf, removedValue, valueOf, type EntryContext, type EntryEvent, type EntryForm, type EntrySubject } from './list-entry';
import { entryForm } from './list-entry.form';

/**
 * The general blacklist's values (Settings › Lista Negra; spec lists §7 "POST /blacklist/secured/add
 * and /remove"). Settings' lists are changed with CRM_SETTINGS (the screen's permission); adding a
 * value with CRM7_DO_ACTION (spec: "The add buttons for blacklists are shown only with permission
 * CRM7_DO_ACTION"), except a card, which is fraud work (details §6: CRM7_FRAUD_COMPLETE "blacklist a
 * card"); removing a value with CRM7_DO_ACTION, a card with the editor flag alone (details §6:
 * "unmarking a card is offered to anyone who can edit"). A body with a customer and one card or one
 * phone of theirs is the customer's chart (src/machines/customer/blacklist.actions.ts), on the same paths.
 */

const text = settingsText.blacklist;
const row = rowOf<EntryEvent, EntryContext, EntrySubject>();

/** The general blacklist body that names one value (its type picks the field). */
export function blacklistBody({ type, value }: ListedValue): Record<string, unknown> {
  switch (type) {
    case 'PHONE':
      return { phoneNumbers: [value] };
    case 'CARD':
      return { paymentMethod: { uniqueNumberIdentifier: value, paymentType: 'CARD' } };
    case 'EMAIL':
      return { email: value };
    case 'DEVICE':
      return { deviceId: value };
    case 'ADVERTISING_ID':
      return { advertisingIds: [value] };
    case 'IP':
      return { ip: value };
    case 'PAYER_ID':
      return { paymentMethod: { payerId: value } };
    default:
      return {};
  }
}

/** The values a general blacklist body names, each once (`ip` and `payerId` are stored as IP and PAYER_ID). */
export function blacklistValues(body: BlacklistChange): ListedValue[] {
  const values: ListedValue[] = [];
  if (body.paymentMethod?.uniqueNumberIdentifier) values.push({ type: 'CARD', value: body.paymentMethod.uniqueNumberIdentifier });
  if (body.paymentMethod?.payerId) values.push({ type: 'PAYER_ID', value: body.paymentMethod.payerId });
  for (const phone of body.phoneNumbers ?? []) values.push({ type: 'PHONE', value: phone });
  if (body.deviceId) values.push({ type: 'DEVICE', value: body.deviceId });
  for (const id of body.advertisingIds ?? []) values.push({ type: 'ADVERTISING_ID', value: id });
  if (body.ip) values.push({ type: 'IP', value: body.ip });
  if (body.email) values.push({ type: 'EMAIL', value: body.email });
  return distinctValues(values);
}

/** The store's key of a value of this list (the body's `accountId` goes with a new one). */
export interface BlacklistKey extends ListedValue {
  accountId: number | null;
}

const request = (_s: EntrySubject, e: ListedValue) => ({ body: blacklistBody(e) as BlacklistChange });
// Any body but the customer chart's (a customer and one card or one phone of theirs).
const match = (r: WireRequest<unknown, BlacklistChange>) => listingOf(r.body) === null;
const targets = (r: WireRequest<unknown, BlacklistChange>): BlacklistKey[] => blacklistValues(r.body).map((e) => ({ ...e, accountId: r.body.accountId ?? null }));

export const blacklistEntryActions = [
  row({
    event: 'entry.add',
    label: text.add,
    variant: 'primary',
    permissions: (e, c) => [Permission.SETTINGS, ...listingPermissions(kindOf(e, c), true)],
    form: entryForm({ stem: 'blacklist-add', title: text.addTitle, types: BLACKLIST_TYPES, body: blacklistBody, schema: BlacklistChange }),
    confirm: (_s, e: EntryForm) => text.addQuestion(entryCaption(e)),
    success: { text: (_s, _d, e: EntryForm) => text.added(entryCaption(e)) },
    refused: (c) => ListRefused.listed('blacklist', valueOf(c)),
    wire: { family: 'settings', client: 'blacklist', method: 'POST', path: '/blacklist/secured/add', body: BlacklistChange, data: BlacklistChanged },
    request,
    match,
    targets,
    handler: 'entry',
  }),
  row({
    event: 'entry.remove',
    label: settingsText.remove,
    variant: 'danger',
    permissions: (_e, c) => [Permission.SETTINGS, ...listingPermissions(c.kind, false)],
    confirm: (s) => text.removeQuestion(entryCaption(removedValue(s))),
    success: { text: (s) => text.removed(entryCaption(removedValue(s))) },
    refused: (c) => ListRefused.absent('blacklist', valueOf(c)),
    wire: { family: 'settings', client: 'blacklist', method: 'POST', path: '/blacklist/secured/remove', body: BlacklistChange, data: BlacklistChanged },
    request: (s) => request(s, removedValue(s)),
    match,
    targets,
    handler: 'entry',
  }),
];
