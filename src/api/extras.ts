import { call, type ServiceClient } from './http';
import {
  ExchangeRateHistoryResponse,
  ExchangeRatesResponse,
  KycDecisionsResponse,
  type ExchangeRatePage,
  type KycDecisionsPage,
} from './contract/extras';

/** Extras calls accept the codes of their family (src/api/success-codes.ts). */
const EXTRAS = { family: 'extras' } as const;

/** Only the filters that are filled: an empty one means "any". */
function filled(params: Record<string, string | number | undefined>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== ''));
}

/** GET /users/secured/exchangerate: the current rates. */
export async function getExchangeRates(users: ServiceClient): Promise<ExchangeRatePage> {
  return (await call(users, (k) => k.get('secured/exchangerate'), ExchangeRatesResponse, EXTRAS)).data;
}

/** GET /users/secured/exchangerate-history: one page (0-based), newest first. */
export async function getExchangeRateHistory(users: ServiceClient, page: number, size: number): Promise<ExchangeRatePage> {
  return (await call(users, (k) => k.get('secured/exchangerate-history', { searchParams: { page, size } }), ExchangeRateHistoryResponse, EXTRAS)).data;
}

export interface KycDecisionsParams {
  companyId: number;
  /** 0-based. */
  page: number;
  pageSize: number;
  sort?: string;
  partnerReference?: string;
  status?: string;
  dateFrom?: string;
  dateTo?: string;
}

/** GET /users/secured/kyc/all-decisions-history: reads `decisions` and `total`. */
export async function getKycDecisions(users: ServiceClient, params: KycDecisionsParams): Promise<KycDecisionsPage> {
  const searchParams = filled({ ...params });
  return (await call(users, (k) => k.get('secured/kyc/all-decisions-history', { searchParams }), KycDecisionsResponse, EXTRAS)).data;
}
