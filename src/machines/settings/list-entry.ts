import { setup } from 'xstate';
import { allowedBy, type AnyRow } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { ENTRY_STATUSES, type ListedValue } from '@/domain/settings-lists';

/**
 * A value of one of Settings' lists (the general blacklist, the recipient blacklist): absent or
 * listed. "Agregar" takes an absent value to listed, "Eliminar" a listed one back; a value already
 * listed cannot be added again, one not listed cannot be removed (the rows' refusals name it). The
 * value's type is a fact of the chart (`kind`): a row's permissions may depend on it (a card of the
 * general blacklist is fraud work). The list's own "Agregar" restores the chart absent with no value
 * yet: the form's type choice asks the chart with the kind as the event's (`entry.add` with `kind`).
 */

export type EntryEvent = { type: 'entry.add'; kind?: string } | { type: 'entry.remove' };

export interface EntryContext {
  status: string;
  /** The value's type (PHONE, CARD…); null on the list's "Agregar" until the form names one. */
  kind: string | null;
  /** The value as stored; null on the list's "Agregar". */
  value: string | null;
  permissions: readonly string[];
}

/** A listed value, or null for the list itself (a value to add: the form names it). */
export type EntrySubject = ListedValue | null;

/** What a new value's form gives: its type and the value typed. */
export type EntryForm = ListedValue;

/**
 * What a value's chart restores from, for the server's store and the list's read alike: listed or
 * not, its type and value; with no value, the list's "Agregar" (a value not named yet, absent).
 */
export const entryInput = (entry: ListedValue | null, listed: boolean) => ({ status: listed ? 'listed' : 'absent', kind: entry?.type ?? null, value: entry?.value ?? null });

/** The type a row's permissions read: the one the event names (the form's choice), else the value's. */
export const kindOf = (event: EntryEvent, context: EntryContext) => (event.type === 'entry.add' && event.kind ? event.kind : context.kind);

/** The value a refusal names. */
export const valueOf = (context: EntryContext): ListedValue => ({ type: context.kind ?? '', value: context.value ?? '' });

/** The value a remove row acts on (its subject; none: an empty one, for a question never asked). */
export const removedValue = (subject: EntrySubject): ListedValue => subject ?? { type: '', value: '' };

/** The values a list's body names, each once (by type and value). */
export const distinctValues = (values: readonly ListedValue[]): ListedValue[] => [...new Map(values.map((e) => [`${e.type}\u0000${e.value}`, e])).values()];

/** The chart of a list's values, guarded by that list's rows. */
export function listEntryMachine(id: string, rows: readonly AnyRow[]) {
  return setup({
    types: { context: {} as EntryContext, events: {} as EntryEvent, input: {} as EntryContext },
    guards: { allowed: allowedBy(rows) },
  }).createMachine({
    id,
    context: ({ input }) => ({ ...input }),
    initial: 'restoring',
    states: {
      restoring: restoreStatus(ENTRY_STATUSES),
      absent: { on: { 'entry.add': { guard: 'allowed', target: 'listed' } } },
      listed: { on: { 'entry.remove': { guard: 'allowed', target: 'absent' } } },
    },
  });
}
