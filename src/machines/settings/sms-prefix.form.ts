import { checkBody } from '@/api/contract/check';
import { SmsUpdateData } from '@/api/contract/settings';
import { settingsText } from '@/i18n/es-settings';
import { formOf } from '@/machines/lifecycle/form';

export interface SmsContext {
  status: string;
  /** The prefix; null on the list's "Agregar prefijo" until the form names one. */
  prefix: string | null;
  /** Its provider; null while it has none. */
  provider: string | null;
  /** The providers the SMS host knows. */
  providers: readonly string[];
  permissions: readonly string[];
}

/**
 * A prefix as the tab names it (null on "Agregar prefijo"), and the SMS host's token the session
 * sends in the body (spec: "a fixed token and data in the body").
 */
export interface SmsSubject {
  prefix: string | null;
  token: string;
}

const text = settingsText.sms;
const form = formOf<SmsContext, SmsSubject>();

/** What an SMS update sends: the prefix and its provider. */
export interface SmsForm {
  prefix: string;
  provider: string;
}

/** The SMS host's providers, read when the form opens (spec: "fetched from the SMS service"). */
const provider = { kind: 'widget', widget: 'smsProvider', name: 'provider', label: text.provider } as const;

/** "Agregar prefijo": a new prefix ("Global" or 1 to 4 digits) and its provider. */
export const addSmsForm = form({
  title: text.addTitle,
  description: () => text.prefixHint,
  id: () => 'sms',
  fields: [{ kind: 'text', inputMode: 'numeric', name: 'prefix', label: text.prefix, maxLength: 6 }, provider],
  initial: (): SmsForm => ({ prefix: '', provider: '' }),
  validate: (f: SmsForm) => checkBody(SmsUpdateData, f),
});

/** "Cambiar": another provider for a prefix, opening with the one it has. */
export const changeSmsForm = form({
  title: (_c, s) => text.changeTitle(s.prefix ?? ''),
  id: () => 'sms',
  fields: [provider],
  initial: (c): SmsForm => ({ prefix: '', provider: c.provider ?? '' }),
  validate: (f: SmsForm, _c, s) => checkBody(SmsUpdateData, { prefix: s.prefix ?? '', provider: f.provider }),
});
