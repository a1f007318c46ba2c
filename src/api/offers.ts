import { call, type ServiceClient } from './http';
import { OffersResponse } from './contract/customer-courtesy';

/** The offers of the top-up catalogue on sale for a country and operator (GET /catalog/offers/cll/{productType}). */
export async function getOffers(catalog: ServiceClient, productType: string, countryCode: string, operator: string) {
  return (await call(catalog, (k) => k.get(`offers/cll/${encodeURIComponent(productType)}`, { searchParams: { countryCode, operator } }), OffersResponse)).data;
}
