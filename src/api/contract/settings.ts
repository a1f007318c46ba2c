import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { PageOf, PageQuery, TextQuery } from './query';
import { DOC_CODES } from '@/domain/diff';
import { Msg } from '@/domain/messages';
import { BodyDocId } from './fields';
import { ChartSnapshots } from './chart-snapshot';
import { hasControlChars } from '@/domain/text';

// ---------------------------------------------------------------- countries

export const Country = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  prefix: v.string(),
  mask: v.nullable(v.string()),
  priority: v.number(),
});
export type Country = v.InferOutput<typeof Country>;

/** Countries at or below this priority are highlighted (spec lists §2). */
export const HIGHLIGHT_PRIORITY = 6;

/** GET /users/secured/all/countries (50 per page; `code` matches the start of the ISO code). */
export const CountriesQuery = v.object({
  ...PageQuery(50, 200),
  code: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^[A-Z]{0,3}$/, 'El código de país admite solo letras (hasta 3).'),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  ),
});
export type CountriesQuery = v.InferOutput<typeof CountriesQuery>;
export const CountriesResponse = Envelope(PageOf(Country));

export const CountryPrefix = v.object({ id: v.number(), countryId: v.number(), prefix: v.string() });
export type CountryPrefix = v.InferOutput<typeof CountryPrefix>;
/** GET /users/secured/prefix/country?id */
export const CountryPrefixQuery = v.object({
  id: v.pipe(v.optional(v.string('Debe indicar el país.'), ''), v.check((s) => s !== '', 'Debe indicar el país.'), v.regex(/^\d{1,9}$/, 'El país debe ser un número.'), v.transform(Number)),
});
export const CountryPrefixResponse = Envelope(PageOf(CountryPrefix));

// ---------------------------------------------------------------- action logs

export const ActionLog = v.object({
  id: v.number(),
  docCode: v.string(),
  docId: v.string(),
  action: v.string(),
  executorEmail: v.nullable(v.string()),
  date: IsoDateTime,
  canal: v.string(),
  description: v.string(),
  input: v.nullable(v.string()),
});
export type ActionLog = v.InferOutput<typeof ActionLog>;

/** GET /users/secured/action-logs/data?docId&docCode (newest first; docId optional). */
export const ActionLogsQuery = v.object({
  ...PageQuery(20, 100),
  docCode: v.pipe(
    v.optional(v.string('Debe indicar el tipo de documento.'), ''),
    v.trim(),
    v.check((s) => s !== '', 'Debe indicar el tipo de documento.'),
    v.picklist(DOC_CODES, 'El tipo de documento no es válido.'),
  ),
  docId: TextQuery('El documento', 60),
});
export type ActionLogsQuery = v.InferOutput<typeof ActionLogsQuery>;
export const ActionLogsResponse = Envelope(PageOf(ActionLog));

/** The documents a client may write a log entry on (the settings' entries are the server's own). */
export const CLIENT_LOG_DOC_CODES = ['CUSTOM', 'CUSTOMER', 'ORDER', 'UPG', 'CALL'] as const;
/** The most a client's log entry may carry in `input` (serialised). */
export const CLIENT_LOG_INPUT_MAX = 4_000;

/**
 * POST /users/secured/action-logs/create: docCode, docId, action, description, canal, input (spec
 * details §7). The executor is the token's; the channel is the console's (CRM); the document must
 * exist; `action` is stored as `console.<action>` so a client's entry is never taken for a
 * transition the server recorded.
 */
export const ActionLogCreateBody = v.object(
  {
    docCode: v.pipe(
      v.optional(v.string('Debe indicar el tipo de documento.'), ''),
      v.trim(),
      v.nonEmpty('Debe indicar el tipo de documento.'),
      v.picklist(CLIENT_LOG_DOC_CODES, 'El tipo de documento no es válido.'),
    ),
    docId: BodyDocId,
    action: v.pipe(
      v.optional(v.string('Debe indicar la acción.'), ''),
      v.trim(),
      v.nonEmpty('Debe indicar la acción.'),
      v.regex(/^[A-Za-z][A-Za-z0-9_.-]{0,59}$/, 'La acción admite hasta 60 letras, dígitos, ".", "-" o "_".'),
    ),
    description: v.pipe(
      v.optional(v.string('Debe indicar la descripción.'), ''),
      v.trim(),
      v.nonEmpty('Debe indicar la descripción.'),
      v.maxLength(500, 'La descripción no puede superar 500 caracteres.'),
      v.check((s) => !hasControlChars(s), Msg.controlChars),
    ),
    canal: v.optional(v.picklist(['CRM'], 'El canal de la consola es CRM.')),
    input: v.pipe(
      v.optional(v.nullable(v.union([v.string(), v.record(v.string(), v.unknown())], 'Los datos deben ser un texto o un objeto.'))),
      v.transform((input) => (input === undefined || input === null ? null : typeof input === 'string' ? input : JSON.stringify(input))),
      v.check((input) => input === null || input.length <= CLIENT_LOG_INPUT_MAX, `Los datos no pueden superar ${CLIENT_LOG_INPUT_MAX} caracteres.`),
    ),
  },
  Msg.jsonObject,
);
export type ActionLogCreateBody = v.InferOutput<typeof ActionLogCreateBody>;
export const ActionLogResponse = Envelope(ActionLog);

/** The docId of the settings' action logs: the list that changed. */
export const SettingDoc = { sms: 'sms', blacklist: 'blacklist', recipients: 'blacklist-recipient' } as const;

// ---------------------------------------------------------------- blacklists

/** Recipient blacklist types, and the general blacklist's (spec lists §3). */
export const RECIPIENT_TYPES = ['PHONE', 'CARD', 'EMAIL'] as const;
export const BLACKLIST_TYPES = ['PHONE', 'CARD', 'EMAIL', 'DEVICE', 'ADVERTISING_ID'] as const;
/**
 * What the general blacklist stores: the spec's five types, plus the two payload fields the spec
 * names without a type of their own (`ip`, `paymentMethod.payerId`).
 */
export const STORED_BLACKLIST_TYPES = [...BLACKLIST_TYPES, 'IP', 'PAYER_ID'] as const;

const MAX_VALUES = 100;
const NOT_AN_OBJECT = Msg.jsonObject;
const required = v.check((s: string) => s !== '', Msg.blacklistValue);

/** Digits only: spaces, dashes, brackets and a leading + are dropped. */
export const PhoneValue = v.pipe(
  v.string(Msg.blacklistValue),
  v.transform((s) => s.replace(/[\s().-]/g, '').replace(/^\+/, '')),
  required,
  v.regex(/^\d{6,15}$/, 'El teléfono debe tener entre 6 y 15 dígitos.'),
);
export const EmailValue = v.pipe(
  v.string(Msg.blacklistValue),
  v.trim(),
  v.toLowerCase(),
  required,
  v.maxLength(120, 'El email es demasiado largo.'),
  v.email('El email no es válido.'),
);
export const CardNumberValue = v.pipe(
  v.string(Msg.blacklistValue),
  v.transform((s) => s.replace(/[\s-]/g, '')),
  required,
  v.regex(/^\d{12,19}$/, 'La tarjeta debe tener entre 12 y 19 dígitos.'),
);
/** Card identifiers, device ids, advertising ids and payer ids: opaque tokens. */
export const TokenValue = v.pipe(
  v.string(Msg.blacklistValue),
  v.trim(),
  required,
  v.maxLength(120, 'El valor es demasiado largo.'),
  v.regex(/^\S+$/, 'El valor no puede contener espacios.'),
);
export const IpValue = v.pipe(v.string(Msg.blacklistValue), v.trim(), required, v.ip('La IP no es válida.'));

function ValueList<TItem extends v.GenericSchema<unknown, string>>(item: TItem) {
  return v.optional(v.pipe(v.array(item, 'Debe ser una lista de valores.'), v.maxLength(MAX_VALUES, `Como máximo ${MAX_VALUES} valores por petición.`)));
}

export const RecipientEntry = v.object({
  value: v.string(),
  type: v.string(),
  created: IsoDateTime,
  expiresOn: v.nullable(IsoDateTime),
  /** The reference server's: the entry's chart (docs/contract.md). */
  charts: ChartSnapshots,
});
export type RecipientEntry = v.InferOutput<typeof RecipientEntry>;
/** GET /blacklist/secured/recipient/list (requested 20 per page). */
export const RecipientListQuery = v.object({ ...PageQuery(20, 100) });
export const RecipientListResponse = Envelope(PageOf(RecipientEntry));

/** POST /blacklist/secured/recipient/add and /remove */
export const RecipientChange = v.pipe(
  v.object({ phoneNumbers: ValueList(PhoneValue), emails: ValueList(EmailValue), cardNumbers: ValueList(CardNumberValue) }, NOT_AN_OBJECT),
  v.check((b) => [b.phoneNumbers, b.emails, b.cardNumbers].some((list) => list && list.length > 0), Msg.blacklistValue),
);
export type RecipientChange = v.InferOutput<typeof RecipientChange>;

export const BlacklistEntry = v.object({
  value: v.string(),
  type: v.string(),
  created: IsoDateTime,
  /** The reference server's: the entry's chart (docs/contract.md). */
  charts: ChartSnapshots,
});
export type BlacklistEntry = v.InferOutput<typeof BlacklistEntry>;
/** GET /blacklist/secured/all/blackList (50 per page; `value` matches any part of the value). */
export const BlacklistQuery = v.object({ ...PageQuery(50, 200), value: TextQuery('El valor') });
export type BlacklistQuery = v.InferOutput<typeof BlacklistQuery>;
export const BlacklistResponse = Envelope(PageOf(BlacklistEntry));

/** POST /blacklist/secured/add and /remove */
export const BlacklistChange = v.pipe(
  v.object({
    accountId: v.optional(v.pipe(v.number('La cuenta debe ser un número.'), v.integer('La cuenta debe ser un número.'), v.minValue(1, 'La cuenta debe ser un número.'))),
    paymentMethod: v.optional(
      v.object({
        uniqueNumberIdentifier: v.optional(TokenValue),
        payerId: v.optional(TokenValue),
        paymentType: v.optional(v.pipe(v.string('El tipo de pago debe ser texto.'), v.maxLength(40, 'El tipo de pago es demasiado largo.'))),
      }, 'El medio de pago debe ser un objeto.'),
    ),
    phoneNumbers: ValueList(PhoneValue),
    deviceId: v.optional(TokenValue),
    advertisingIds: ValueList(TokenValue),
    ip: v.optional(IpValue),
    email: v.optional(EmailValue),
  }, NOT_AN_OBJECT),
  v.check(
    (b) =>
      Boolean(b.paymentMethod?.uniqueNumberIdentifier || b.paymentMethod?.payerId || b.deviceId || b.ip || b.email) ||
      Boolean(b.phoneNumbers?.length || b.advertisingIds?.length),
    Msg.blacklistValue,
  ),
);
export type BlacklistChange = v.InferOutput<typeof BlacklistChange>;

/** How many entries an add or remove changed. */
export const BlacklistChanged = v.object({ changed: v.number() });
export const BlacklistChangeResponse = Envelope(BlacklistChanged);

// ---------------------------------------------------------------- SMS provider service

const SmsToken = v.optional(v.string('El token debe ser texto.'), '');
/** The SMS host's body: its fixed token, and the data of the call. A missing token is refused like a wrong one (401). */
export const SmsRequest = v.object(
  {
    token: SmsToken,
    data: v.optional(v.record(v.string(), v.unknown(), 'Los datos deben ser un objeto.'), {}),
  },
  NOT_AN_OBJECT,
);
export const SmsConfig = v.object({
  prefix: v.string(),
  provider: v.string(),
  /** The reference server's: the prefix's chart (docs/contract.md). */
  charts: ChartSnapshots,
});
export type SmsConfig = v.InferOutput<typeof SmsConfig>;
/** The default entry: used where no prefix matches; it can be changed, never deleted. */
export const GLOBAL_PREFIX = 'Global';
/** POST {smsHost}/vphone/v1/sms/configuration: data.configSms (success code 200). */
export const SmsConfigResponse = v.object({ code: v.number(), data: v.object({ configSms: v.array(SmsConfig), charts: ChartSnapshots }) });
/** POST {smsHost}/vphone/v1/sms/providers: data.providers. */
export const SmsProvidersResponse = v.object({ code: v.number(), data: v.object({ providers: v.array(v.string()) }) });
const SmsPrefix = v.pipe(
  v.optional(v.string('Debe especificar el prefijo.'), ''),
  v.trim(),
  v.check((s) => s !== '', 'Debe especificar el prefijo.'),
  v.regex(/^(Global|\d{1,4})$/, 'El prefijo debe ser "Global" o de 1 a 4 dígitos.'),
);
/** POST {smsHost}/vphone/v1/sms/update: sets (or creates) the provider of a prefix. */
export const SmsUpdateData = v.object({
  prefix: SmsPrefix,
  provider: v.pipe(
    v.optional(v.string('Debe especificar el proveedor.'), ''),
    v.trim(),
    v.check((s) => s !== '', 'Debe especificar el proveedor.'),
    v.maxLength(40, 'El proveedor es demasiado largo.'),
  ),
});
export type SmsUpdateData = v.InferOutput<typeof SmsUpdateData>;
/** The SMS host's body of an update: its token and the change (checked by SmsUpdateData). */
export const SmsUpdateRequest = v.object({ token: SmsToken, data: v.optional(SmsUpdateData, {}) }, NOT_AN_OBJECT);
export type SmsUpdateRequest = v.InferOutput<typeof SmsUpdateRequest>;
/** POST {smsHost}/vphone/v1/sms/delete ("Global" is refused with 409). */
export const SmsDeleteData = v.object({ prefix: SmsPrefix });
export type SmsDeleteData = v.InferOutput<typeof SmsDeleteData>;
export const SmsDeleteRequest = v.object({ token: SmsToken, data: v.optional(SmsDeleteData, {}) }, NOT_AN_OBJECT);
export type SmsDeleteRequest = v.InferOutput<typeof SmsDeleteRequest>;
/** What an SMS change answers: the prefix, and the provider it now has (none after a delete). */
export const SmsChanged = v.object({ prefix: v.string(), provider: v.optional(v.string()) });
export const SmsChangeResponse = v.object({ code: v.number(), data: SmsChanged });
