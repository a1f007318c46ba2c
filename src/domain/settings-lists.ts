import { maskCard } from './format';

/**
 * The lists of Settings (spec lists §"Settings screen"): the general blacklist, the recipient
 * blacklist and the SMS PIN provider of each prefix. Each entry is a chart of its own
 * (src/machines/settings/): a value is absent from a list or listed; a prefix has no provider
 * or has one. Their refusals are stated here once, for the charts, the server and the screen.
 */

/** A value of a list: absent (the list's "Agregar" starts here) or listed. */
export const ENTRY_STATUSES = ['absent', 'listed'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** A prefix of the SMS configuration: without a provider (a new prefix starts here) or with one. */
export const SMS_PREFIX_STATUSES = ['absent', 'configured'] as const;

/** The lists by the names their texts use; `docId` names the list in the settings' logs. */
export const SETTINGS_LISTS = {
  blacklist: { name: 'Lista Negra', docId: 'blacklist', action: 'blacklist' },
  recipients: { name: 'Lista Negra Destinatarios', docId: 'blacklist-recipient', action: 'blacklist-recipient' },
} as const;
export type SettingsList = keyof typeof SETTINGS_LISTS;

/** One value of a list, as a request names it. */
export interface ListedValue {
  type: string;
  value: string;
}

/** How a value reads in a text: cards by their first 6 and last 4 digits (spec §5), the rest as stored. */
export const shownValue = (type: string, value: string) => (type === 'CARD' ? maskCard(value) : value);

/** A value with its type, as the refusals and the logs name it ("PHONE 5351234567"). */
export const entryCaption = (e: ListedValue) => `${e.type} ${shownValue(e.type, e.value)}`;

export const ListRefused = {
  listed: (list: SettingsList, e: ListedValue) => `El valor ya está en la ${SETTINGS_LISTS[list].name}: ${entryCaption(e)}.`,
  absent: (list: SettingsList, e: ListedValue) => `El valor no está en la ${SETTINGS_LISTS[list].name}: ${entryCaption(e)}.`,
  /** Two people changed the same value at once: the second is refused. */
  concurrent: (list: SettingsList) => `Otra persona cambió la ${SETTINGS_LISTS[list].name} al mismo tiempo. Vuelva a cargar la lista.`,
} as const;

export const SmsRefused = {
  /** The default entry is used where no prefix matches: it can be changed, never deleted. */
  globalStays: 'El prefijo "Global" es la configuración por defecto y no se puede eliminar.',
  absent: (prefix: string) => `No hay configuración SMS para el prefijo ${prefix}.`,
  configured: (prefix: string) => `El prefijo ${prefix} ya tiene proveedor SMS: use "Cambiar".`,
  unknownProvider: (provider: string) => `El proveedor ${provider} no existe.`,
  concurrent: 'Otra persona cambió la configuración SMS al mismo tiempo. Vuelva a cargarla.',
} as const;
