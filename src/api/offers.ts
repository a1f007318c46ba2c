import { call, type ServiceClient } from './http';

/* The catalogues the customer actions' forms read when they open (loaded with the actions, not with the page). */
import { OffersResponse } from './contract/customer-courtesy';
import { TemplatesResponse } from './contract/customer-notify';
import { TEMPLATE_PAGE_SIZE } from '@/domain/notify';

/** The offers of the top-up catalogue on sale for a country and operator (GET /catalog/offers/cll/{productType}). */
export async function getOffers(catalog: ServiceClient, productType: string, countryCode: string, operator: string) {
  return (await call(catalog, (k) => k.get(`offers/cll/${encodeURIComponent(productType)}`, { searchParams: { countryCode, operator } }), OffersResponse)).data;
}

/** The messaging provider's approved WhatsApp templates, one page of 500 (through the server, which holds the provider's credential). */
export async function getTemplates(messenger: ServiceClient) {
  return (await call(messenger, (k) => k.get('secured/templates', { searchParams: { page: '0', size: String(TEMPLATE_PAGE_SIZE) } }), TemplatesResponse)).data.elements;
}
