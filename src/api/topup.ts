import { call, type ServiceClient } from './http';
import { SimilarItemsResponse, TopupClaimsResponse, TopupTracesResponse, SIMILAR_PAGE_SIZE, TRACES_PAGE_SIZE } from './contract/topup';

/** What the top-up panel reads (spec details §7): traces, claims and similar items. Its actions are its table's rows. */

export async function getTopupTraces(orders: ServiceClient, foiId: number, page: number) {
  const searchParams = { foiid: String(foiId), page: String(page), size: String(TRACES_PAGE_SIZE) };
  return (await call(orders, (k) => k.get('secured/fo/topup/traces', { searchParams }), TopupTracesResponse)).data;
}

export async function getTopupClaims(orders: ServiceClient, foiId: number) {
  return (await call(orders, (k) => k.get('secured/fo/topup/claims', { searchParams: { foiid: String(foiId) } }), TopupClaimsResponse)).data.elements;
}

export async function getSimilarItems(orders: ServiceClient, q: { orderId: number; foiId: number; productType: string; destination: string; page: number }) {
  const searchParams = {
    orderId: String(q.orderId),
    foiid: String(q.foiId),
    productType: q.productType,
    destination: q.destination,
    page: String(q.page),
    size: String(SIMILAR_PAGE_SIZE),
  };
  return (await call(orders, (k) => k.get('secured/items/similar', { searchParams }), SimilarItemsResponse)).data;
}
