import { call, type ServiceClient } from './http';

/* The catalogues the customer actions' forms read when they open (loaded with the actions, not with the page). */
import { OffersResponse } from './contract/customer-courtesy';
import { TemplatesResponse } from './contract/customer-notify';
import { TEMPLATE_PAGE_SIZE } from '@/domain/notify';
import { DefenceResponse, SaldoResponse } from './contract/customer-reports';
import { DEFENCE_PAGE_SIZE } from '@/domain/reports';

/** The offers of the top-up catalogue on sale for a country and operator (GET /catalog/offers/cll/{productType}). */
export async function getOffers(catalog: ServiceClient, productType: string, countryCode: string, operator: string) {
  return (await call(catalog, (k) => k.get(`offers/cll/${encodeURIComponent(productType)}`, { searchParams: { countryCode, operator } }), OffersResponse)).data;
}

/** The messaging provider's approved WhatsApp templates, one page of 500 (through the server, which holds the provider's credential). */
export async function getTemplates(messenger: ServiceClient) {
  return (await call(messenger, (k) => k.get('secured/templates', { searchParams: { page: '0', size: String(TEMPLATE_PAGE_SIZE) } }), TemplatesResponse)).data.elements;
}

/** The defence report: the customer's orders of a service and gateway in a window (GET /orders/secured/generate/reports-chb). */
export async function getDefenceReport(orders: ServiceClient, query: { accountId: number; type: string; star: string; end: string; pasarela: number | null }) {
  const searchParams = { sort: 'createdDate,desc', page: '0', size: String(DEFENCE_PAGE_SIZE), accountId: String(query.accountId), type: query.type, star: query.star, end: query.end, ...(query.pasarela === null ? {} : { pasarela: String(query.pasarela) }) };
  return (await call(orders, (k) => k.get('secured/generate/reports-chb', { searchParams }), DefenceResponse)).data;
}

/** One order's balance movements for a defence (GET /orders/secured/generate/reports-saldo). */
export async function getBalanceReport(orders: ServiceClient, accountId: number, salesOrderId: string) {
  return (await call(orders, (k) => k.get('secured/generate/reports-saldo', { searchParams: { accountId: String(accountId), salesOrderId } }), SaldoResponse)).data;
}
