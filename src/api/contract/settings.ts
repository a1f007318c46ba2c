import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { ChoiceQuery, PageOf, PageQuery, TextQuery } from './query';
import { DOC_CODES } from '@/domain/diff';
import { Msg } from '@/domain/messages';

export const Country = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  prefix: v.string(),
  mask: v.nullable(v.string()),
  priority: v.number(),
});
export type Country = v.InferOutput<typeof Country>;

/** GET /users/secured/all/countries (50 per page; filter by code). */
export const CountriesQuery = v.object({ ...PageQuery(50, 200), code: TextQuery('El código', 3) });
export const CountriesResponse = Envelope(PageOf(Country));

export const CountryPrefix = v.object({ id: v.number(), countryId: v.number(), prefix: v.string() });
/** GET /users/secured/prefix/country?id */
export const CountryPrefixQuery = v.object({
  id: v.pipe(v.string('Debe indicar el país.'), v.regex(/^\d{1,9}$/, 'El país debe ser un número.'), v.transform(Number)),
});
export const CountryPrefixResponse = Envelope(PageOf(CountryPrefix));

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

/** GET /users/secured/action-logs/data?docId&docCode */
export const ActionLogsQuery = v.object({
  ...PageQuery(20, 100),
  docCode: ChoiceQuery(DOC_CODES, 'El tipo de documento'),
  docId: TextQuery('El documento', 60),
});
export const ActionLogsResponse = Envelope(PageOf(ActionLog));

/** Recipient blacklist types, and the general blacklist's. */
export const RECIPIENT_TYPES = ['PHONE', 'CARD', 'EMAIL'] as const;
export const BLACKLIST_TYPES = ['PHONE', 'CARD', 'EMAIL', 'DEVICE', 'ADVERTISING_ID'] as const;

export const RecipientEntry = v.object({ value: v.string(), type: v.string(), created: IsoDateTime, expiresOn: v.nullable(IsoDateTime) });
/** GET /blacklist/secured/recipient/list (requested 20 per page). */
export const RecipientListQuery = v.object({ ...PageQuery(20, 100) });
export const RecipientListResponse = Envelope(PageOf(RecipientEntry));

const Values = v.optional(v.array(v.pipe(v.string(), v.trim(), v.minLength(1, Msg.blacklistValue), v.maxLength(120))));

/** POST /blacklist/secured/recipient/add and /remove */
export const RecipientChange = v.pipe(
  v.object({ phoneNumbers: Values, emails: Values, cardNumbers: Values }),
  v.check((b) => [b.phoneNumbers, b.emails, b.cardNumbers].some((list) => list && list.length > 0), Msg.blacklistValue),
);
export type RecipientChange = v.InferOutput<typeof RecipientChange>;

export const BlacklistEntry = v.object({ value: v.string(), type: v.string(), created: IsoDateTime });
/** GET /blacklist/secured/all/blackList (50 per page; search by value). */
export const BlacklistQuery = v.object({ ...PageQuery(50, 200), value: TextQuery('El valor') });
export const BlacklistResponse = Envelope(PageOf(BlacklistEntry));

const One = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, Msg.blacklistValue), v.maxLength(120)));

/** POST /blacklist/secured/add and /remove */
export const BlacklistChange = v.pipe(
  v.object({
    accountId: v.optional(v.number()),
    paymentMethod: v.optional(
      v.object({
        uniqueNumberIdentifier: One,
        payerId: One,
        paymentType: v.optional(v.string()),
      }),
    ),
    phoneNumbers: Values,
    deviceId: One,
    advertisingIds: Values,
    ip: One,
    email: One,
  }),
  v.check(
    (b) =>
      Boolean(b.paymentMethod?.uniqueNumberIdentifier || b.paymentMethod?.payerId || b.deviceId || b.ip || b.email) ||
      Boolean(b.phoneNumbers?.length || b.advertisingIds?.length),
    Msg.blacklistValue,
  ),
);
export type BlacklistChange = v.InferOutput<typeof BlacklistChange>;

export const BlacklistChangeResponse = Envelope(v.object({ changed: v.number() }));

/** The SMS host's body: its fixed token, and the data of the call. */
export const SmsRequest = v.object({ token: v.string('Token requerido.'), data: v.optional(v.record(v.string(), v.unknown())) });
export const SmsConfig = v.object({ prefix: v.string(), provider: v.string() });
/** POST {smsHost}/vphone/v1/sms/configuration: data.configSms (success code 200). */
export const SmsConfigResponse = v.object({ code: v.number(), data: v.object({ configSms: v.array(SmsConfig) }) });
/** POST {smsHost}/vphone/v1/sms/providers: data.providers. */
export const SmsProvidersResponse = v.object({ code: v.number(), data: v.object({ providers: v.array(v.string()) }) });
export const SmsUpdateData = v.object({
  prefix: v.pipe(v.string('Debe especificar el prefijo.'), v.trim(), v.regex(/^(Global|\d{1,4})$/, 'El prefijo debe ser "Global" o de 1 a 4 dígitos.')),
  provider: v.pipe(v.string('Debe especificar el proveedor.'), v.trim(), v.minLength(1, 'Debe especificar el proveedor.')),
});
export const SmsDeleteData = v.object({
  prefix: v.pipe(v.string('Debe especificar el prefijo.'), v.trim(), v.regex(/^\d{1,4}$/, 'El prefijo "Global" no se puede eliminar.')),
});
export const SmsChangeResponse = v.object({ code: v.number(), data: v.object({ prefix: v.string() }) });

