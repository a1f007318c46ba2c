import { BlacklistChanged, RECIPIENT_TYPES, RecipientChange } from '@/api/contract/settings';
import { Permission } from '@/domain/permissions';
import { entryCaption, ListRefused, type ListedValue } from '@/domain/settings-lists';
import { settingsText } from '@/i18n/es-settings';
import { rowOf, type WireRequest } from '@/machines/lifecycle/table';
import { distinctValues, removedValue, valueOf, type EntryContext, type EntryEvent, type EntryForm, type EntrySubject } from './list-entry';
import { entryForm } from './list-entry.form';

/**
 * The recipient blacklist's values (Settings › Lista Negra Destinatarios; spec lists §7 "POST
 * /blacklist/secured/recipient/add and /remove"): a list of Settings only, changed with
 * CRM_SETTINGS and CRM7_DO_ACTION (the add buttons' permission) both ways.
 */

const text = settingsText.recipients;
const row = rowOf<EntryEvent, EntryContext, EntrySubject>();
const PERMISSIONS = [Permission.SETTINGS, Permission.DO_ACTION];

/** The recipient blacklist body that names one value. */
export function recipientBody({ type, value }: ListedValue): Record<string, unknown> {
  switch (type) {
    case 'PHONE':
      return { phoneNumbers: [value] };
    case 'CARD':
      return { cardNumbers: [value] };
    case 'EMAIL':
      return { emails: [value] };
    default:
      return {};
  }
}

/** The values a recipient blacklist body names, each once. */
export function recipientValues(body: RecipientChange): ListedValue[] {
  return distinctValues([
    ...(body.phoneNumbers ?? []).map((value) => ({ type: 'PHONE', value })),
    ...(body.emails ?? []).map((value) => ({ type: 'EMAIL', value })),
    ...(body.cardNumbers ?? []).map((value) => ({ type: 'CARD', value })),
  ]);
}

const request = (_s: EntrySubject, e: ListedValue) => ({ body: recipientBody(e) as RecipientChange });
const targets = (r: WireRequest<unknown, RecipientChange>) => recipientValues(r.body);

export const recipientEntryActions = [
  row({
    event: 'entry.add',
    label: text.add,
    variant: 'primary',
    permissions: PERMISSIONS,
    form: entryForm({ stem: 'recipient-add', title: text.addTitle, types: RECIPIENT_TYPES, body: recipientBody, schema: RecipientChange }),
    confirm: (_s, e: EntryForm) => text.addQuestion(entryCaption(e)),
    success: { text: (_s, _d, e: EntryForm) => text.added(entryCaption(e)) },
    refused: (c) => ListRefused.listed('recipients', valueOf(c)),
    wire: { family: 'settings', client: 'blacklist', method: 'POST', path: '/blacklist/secured/recipient/add', body: RecipientChange, data: BlacklistChanged },
    request,
    targets,
    handler: 'entry',
  }),
  row({
    event: 'entry.remove',
    label: settingsText.remove,
    variant: 'danger',
    permissions: PERMISSIONS,
    confirm: (s) => text.removeQuestion(entryCaption(removedValue(s))),
    success: { text: (s) => text.removed(entryCaption(removedValue(s))) },
    refused: (c) => ListRefused.absent('recipients', valueOf(c)),
    wire: { family: 'settings', client: 'blacklist', method: 'POST', path: '/blacklist/secured/recipient/remove', body: RecipientChange, data: BlacklistChanged },
    request: (s) => request(s, removedValue(s)),
    targets,
    handler: 'entry',
  }),
];
