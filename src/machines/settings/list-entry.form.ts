import type * as v from 'valibot';
import { checkBody } from '@/api/contract/check';
import { Msg } from '@/domain/messages';
import type { ListedValue } from '@/domain/settings-lists';
import { settingsText } from '@/i18n/es-settings';
import { formOf, optionsOf } from '@/machines/lifecycle/form';
import type { EntryContext, EntryForm, EntrySubject } from './list-entry';

/**
 * "Agregar" of a Settings list (spec lists §"Validation": "Blacklist add dialog"): a type, PHONE by
 * default, and a value; a missing type says "Debe especificar el tipo.", an empty value "Debe
 * especificar el valor.", then the contract's own check of the body the row sends. The types
 * offered are those the chart takes from this staff member (a card of the general blacklist is
 * fraud work).
 */
export function entryForm({ stem, title, types, body, schema }: { stem: string; title: string; types: readonly string[]; body: (e: ListedValue) => unknown; schema: v.GenericSchema }) {
  return formOf<EntryContext, EntrySubject>()({
    title,
    id: () => stem,
    fields: [
      { kind: 'select', name: 'type', label: settingsText.type, emptyLabel: settingsText.chooseType, options: optionsOf(types), accepted: (kind) => ({ type: 'entry.add', kind }) },
      { kind: 'text', name: 'value', label: settingsText.value },
    ],
    initial: (): EntryForm => ({ type: 'PHONE', value: '' }),
    validate: (form: EntryForm) => {
      if (!form.type) return { ok: false, message: Msg.blacklistType };
      const entry = { type: form.type, value: form.value.trim() };
      if (!entry.value) return { ok: false, message: Msg.blacklistValue };
      const checked = checkBody(schema, body(entry));
      return checked.ok ? { ok: true, payload: entry } : checked;
    },
  });
}
