import { call, type ServiceClient } from './http';
import { ItemTransitionsResponse, ProvincesResponse } from './contract/items';

/** What every item panel shares: the province catalogue and the item transitions. */

export async function getProvinces(catalog: ServiceClient, productType: string) {
  return (await call(catalog, (k) => k.get('secured/provinces', { searchParams: { productType } }), ProvincesResponse)).data.elements;
}

export async function getItemTransitions(orders: ServiceClient, orderId: number) {
  return (await call(orders, (k) => k.get('secured/items/transitions', { searchParams: { orderId: String(orderId) } }), ItemTransitionsResponse)).data.elements;
}
