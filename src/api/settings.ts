import type { KyInstance } from 'ky';
import { call, type ServiceClient } from './http';
import type { Services } from './services';
import {
  ActionLogsResponse,
  BlacklistChangeResponse,
  BlacklistResponse,
  CountriesResponse,
  CountryPrefixResponse,
  RecipientListResponse,
  SmsChangeResponse,
  SmsConfigResponse,
  SmsProvidersResponse,
  type BlacklistChange,
  type RecipientChange,
} from './contract/settings';

/** Settings calls accept code 200 as success too (spec lists §8). */
const SETTINGS = { acceptCodes: [200] } as const;
const clean = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

// ---------------------------------------------------------------- SMS host

type SmsServices = Pick<Services, 'sms' | 'config'>;
/** The SMS host authenticates the console by a token in the body: the signed-in session's own. */
const smsPost = (services: SmsServices, path: string, data: Record<string, string> = {}) => (k: KyInstance) =>
  k.post(path, { json: { token: services.sms.hooks.serviceKeys()?.smsToken ?? '', data } });

export async function getSmsConfiguration(services: SmsServices) {
  return (await call(services.sms, smsPost(services, 'configuration'), SmsConfigResponse, SETTINGS)).data.configSms;
}

export async function getSmsProviders(services: SmsServices) {
  return (await call(services.sms, smsPost(services, 'providers'), SmsProvidersResponse, SETTINGS)).data.providers;
}

export async function updateSmsProvider(services: SmsServices, prefix: string, provider: string) {
  return (await call(services.sms, smsPost(services, 'update', { prefix, provider }), SmsChangeResponse, SETTINGS)).data;
}

export async function deleteSmsPrefix(services: SmsServices, prefix: string) {
  return (await call(services.sms, smsPost(services, 'delete', { prefix }), SmsChangeResponse, SETTINGS)).data;
}

// ---------------------------------------------------------------- blacklists

export async function getRecipientBlacklist(blacklist: ServiceClient, page: number, size: number, signal?: AbortSignal) {
  return (await call(blacklist, (k) => k.get('secured/recipient/list', { searchParams: { page, size }, signal }), RecipientListResponse, SETTINGS)).data;
}

export async function addRecipients(blacklist: ServiceClient, body: RecipientChange) {
  return (await call(blacklist, (k) => k.post('secured/recipient/add', { json: body }), BlacklistChangeResponse, SETTINGS)).data;
}

export async function removeRecipients(blacklist: ServiceClient, body: RecipientChange) {
  return (await call(blacklist, (k) => k.post('secured/recipient/remove', { json: body }), BlacklistChangeResponse, SETTINGS)).data;
}

export async function getBlacklist(blacklist: ServiceClient, page: number, size: number, value?: string, signal?: AbortSignal) {
  return (
    await call(blacklist, (k) => k.get('secured/all/blackList', { searchParams: clean({ page, size, value }), signal }), BlacklistResponse, SETTINGS)
  ).data;
}

export async function addToBlacklist(blacklist: ServiceClient, body: BlacklistChange) {
  return (await call(blacklist, (k) => k.post('secured/add', { json: body }), BlacklistChangeResponse, SETTINGS)).data;
}

export async function removeFromBlacklist(blacklist: ServiceClient, body: BlacklistChange) {
  return (await call(blacklist, (k) => k.post('secured/remove', { json: body }), BlacklistChangeResponse, SETTINGS)).data;
}

/** The general blacklist body that names one (type, value) entry. */
export function blacklistBody(type: string, value: string): Record<string, unknown> {
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

/** The recipient blacklist body that names one (type, value) entry. */
export function recipientBody(type: string, value: string): Record<string, unknown> {
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

// ---------------------------------------------------------------- countries and logs

export async function getCountries(users: ServiceClient, page: number, size: number, code?: string, signal?: AbortSignal) {
  return (await call(users, (k) => k.get('secured/all/countries', { searchParams: clean({ page, size, code }), signal }), CountriesResponse, SETTINGS)).data;
}

export async function getCountryPrefixes(users: ServiceClient, countryId: number) {
  return (await call(users, (k) => k.get('secured/prefix/country', { searchParams: { id: countryId } }), CountryPrefixResponse, SETTINGS)).data.elements;
}

export async function getSettingLogs(users: ServiceClient, page: number, size: number, signal?: AbortSignal) {
  return (
    await call(users, (k) => k.get('secured/action-logs/data', { searchParams: { docCode: 'SETTING', page, size }, signal }), ActionLogsResponse, SETTINGS)
  ).data;
}
