import { call, type ServiceClient } from './http';
import { CustomersResponse, SearchAccountListResponse, SearchAccountResponse } from './contract/customers';
import { ItemsResponse, OrdersResponse } from './contract/order-lists';
import { CallsResponse } from './contract/calls';
import { ChargeOrdersResponse } from './contract/upg';

/** Query parameters as the lists send them: every value a string, empty ones left out. */
export type ListParams = Record<string, string>;

/** Lists can be abandoned mid-flight (a newer search): the signal aborts the request. */
export type Signal = AbortSignal | undefined;

const clean = (params: ListParams) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export async function getCustomers(uaa: ServiceClient, params: ListParams, signal?: Signal) {
  return (await call(uaa, (k) => k.get('secured/getAllAccount', { searchParams: clean(params), ...(signal ? { signal } : {}) }), CustomersResponse)).data;
}

export async function searchAccountList(uaa: ServiceClient, search: string) {
  return (await call(uaa, (k) => k.get('secured/getSearchAccountList', { searchParams: { search } }), SearchAccountListResponse)).data;
}

export async function searchAccount(uaa: ServiceClient, params: ListParams, signal?: Signal) {
  return (await call(uaa, (k) => k.get('secured/getSearchAccount', { searchParams: clean(params), ...(signal ? { signal } : {}) }), SearchAccountResponse)).data;
}

export async function getOrders(orders: ServiceClient, params: ListParams, signal?: Signal) {
  return (await call(orders, (k) => k.get('secured/orders/allHistory', { searchParams: clean(params), ...(signal ? { signal } : {}) }), OrdersResponse)).data;
}

export async function getItems(rorders: ServiceClient, params: ListParams, signal?: Signal) {
  return (await call(rorders, (k) => k.get('secured/items/allHistory', { searchParams: clean(params), ...(signal ? { signal } : {}) }), ItemsResponse)).data;
}

export async function getCalls(users: ServiceClient, params: ListParams, signal?: Signal) {
  return (await call(users, (k) => k.get('secured/call/list', { searchParams: clean(params), ...(signal ? { signal } : {}) }), CallsResponse)).data;
}

export async function getChargeOrders(upg: ServiceClient, company: string, params: ListParams, signal?: Signal) {
  return (
    await call(
      upg,
      (k) => k.get(`${encodeURIComponent(company)}/chargeOrder/allHistory`, { searchParams: clean(params), ...(signal ? { signal } : {}) }),
      ChargeOrdersResponse,
    )
  ).data;
}
