import { call, type ServiceClient } from './http';
import { CustomersResponse, SearchAccountListResponse, SearchAccountResponse } from './contract/customers';
import { clean, type ListParams, type Signal } from './list-params';

/**
 * The customers' lists (Clientes, Recuperar Clientes): apart from the other lists' calls, so a
 * customers screen does not carry the orders', items', calls' and payments' contracts.
 */
export async function getCustomers(uaa: ServiceClient, params: ListParams, signal?: Signal) {
  return (await call(uaa, (k) => k.get('secured/getAllAccount', { searchParams: clean(params), ...(signal ? { signal } : {}) }), CustomersResponse)).data;
}

export async function searchAccountList(uaa: ServiceClient, search: string) {
  return (await call(uaa, (k) => k.get('secured/getSearchAccountList', { searchParams: { search } }), SearchAccountListResponse)).data;
}

export async function searchAccount(uaa: ServiceClient, params: ListParams, signal?: Signal) {
  return (await call(uaa, (k) => k.get('secured/getSearchAccount', { searchParams: clean(params), ...(signal ? { signal } : {}) }), SearchAccountResponse)).data;
}
