/**
 * The Extras URL holds both tabs at once: `tab`, the history's `historyPage` and the KYC search
 * (`partnerReference`, `status`, `dateFrom`, `dateTo`, `page`). Each tab reads its own slice and
 * writes it back without touching the other's, so switching tabs keeps both where they were.
 */
export type ExtrasSearch = Record<string, string>;

/** What each tab gets: the whole URL search and a way to write it, from the URL's search as it is when written. */
export interface TabProps {
  search: ExtrasSearch;
  navigate: (change: (search: ExtrasSearch) => ExtrasSearch) => void;
}

export type ExtrasTab = 'rates' | 'kyc';
export const EXTRAS_TABS: readonly ExtrasTab[] = ['rates', 'kyc'];

const KYC_KEYS = ['partnerReference', 'status', 'dateFrom', 'dateTo', 'page'] as const;

function without(search: ExtrasSearch, keys: readonly string[]): ExtrasSearch {
  return Object.fromEntries(Object.entries(search).filter(([key]) => !keys.includes(key)));
}

/** The tab the URL names; the exchange rates are the default. */
export function tabOf(search: ExtrasSearch): ExtrasTab {
  return search.tab === 'kyc' ? 'kyc' : 'rates';
}

export function withTab(search: ExtrasSearch, tab: ExtrasTab): ExtrasSearch {
  return tab === 'rates' ? without(search, ['tab']) : { ...search, tab };
}

/** The KYC search as the search chart reads it. */
export function kycSlice(search: ExtrasSearch): ExtrasSearch {
  return Object.fromEntries(Object.entries(search).filter(([key]) => (KYC_KEYS as readonly string[]).includes(key)));
}

export function withKyc(search: ExtrasSearch, next: ExtrasSearch): ExtrasSearch {
  return { ...without(search, KYC_KEYS), ...next, tab: 'kyc' };
}

/** The history's page, under the name the search chart uses (`page`, 1-based). */
export function historySlice(search: ExtrasSearch): ExtrasSearch {
  return search.historyPage ? { page: search.historyPage } : {};
}

export function withHistory(search: ExtrasSearch, next: ExtrasSearch): ExtrasSearch {
  const rest = without(search, ['historyPage']);
  return next.page ? { ...rest, historyPage: next.page } : rest;
}
