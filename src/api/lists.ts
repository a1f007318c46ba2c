import { call, type ServiceClient } from './http';
import { ItemsResponse, OrdersResponse } from './contract/order-lists';
import { CallsResponse } from './contract/calls';
import { ChargeOrdersResponse } from './contract/upg';
import { clean, type ListParams, type Signal } from './list-params';

export type { ListParams, Signal } from './list-params';

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
