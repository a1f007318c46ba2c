import type { KyInstance } from 'ky';
import { call, type ServiceClient } from './http';
import type { Services } from './services';
import {
  ActionLogsResponse,
  BlacklistResponse,
  CountriesResponse,
  CountryPrefixResponse,
  RecipientListResponse,
  SmsConfigResponse,
  SmsProvidersResponse,
} from './contract/settings';

/** Settings calls, and the SMS provider's, accept the codes of their families (src/api/success-codes.ts). */
const SETTINGS = { family: 'settings' } as const;
const SMS = { family: 'sms' } as const;
const clean = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

// ---------------------------------------------------------------- SMS host

type SmsServices = Pick<Services, 'sms' | 'config'>;
/** The SMS host authenticates the console by a token in the body: the signed-in session's own (the SMS rows send it too). */
export const smsToken = (services: Pick<Services, 'sms'>) => services.sms.hooks.serviceKeys()?.smsToken ?? '';
const smsPost = (services: SmsServices, path: string) => (k: KyInstance) => k.post(path, { json: { token: smsToken(services), data: {} } });

/** The configuration per prefix, each with its chart, and the chart of "Agregar prefijo". */
export async function getSmsConfiguration(services: SmsServices) {
  return (await call(services.sms, smsPost(services, 'configuration'), SmsConfigResponse, SMS)).data;
}

export async function getSmsProviders(services: SmsServices) {
  return (await call(services.sms, smsPost(services, 'providers'), SmsProvidersResponse, SMS)).data.providers;
}

// ---------------------------------------------------------------- blacklists

export async function getRecipientBlacklist(blacklist: ServiceClient, page: number, size: number, signal?: AbortSignal) {
  return (await call(blacklist, (k) => k.get('secured/recipient/list', { searchParams: { page, size }, signal }), RecipientListResponse, SETTINGS)).data;
}

export async function getBlacklist(blacklist: ServiceClient, page: number, size: number, value?: string, signal?: AbortSignal) {
  return (
    await call(blacklist, (k) => k.get('secured/all/blackList', { searchParams: clean({ page, size, value }), signal }), BlacklistResponse, SETTINGS)
  ).data;
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
