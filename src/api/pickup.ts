import { call, type ServiceClient } from './http';
import { PickedCashInfoResponse, PickupDataResponse } from './contract/pickup';

/** What the pickup panel reads (spec details §7): its data, and the delivery service's info. Its actions are its table's rows. */

/** Pickup calls, remittance calls of the spec, accept the codes of their family (src/api/success-codes.ts). */
const PICKUP = { family: 'pickup' } as const;

export async function getPickupData(orders: ServiceClient, orderId: number, foiid: number) {
  const searchParams = { orderId: String(orderId), foiid: String(foiid) };
  return (await call(orders, (k) => k.get('secured/pickup/data', { searchParams }), PickupDataResponse, PICKUP)).data;
}

export async function getPickedCashInfo(remittances: ServiceClient, pickupId: number) {
  return (await call(remittances, (k) => k.get('secured/pickup/pickedcashinfo', { searchParams: { pickupId: String(pickupId) } }), PickedCashInfoResponse, PICKUP)).data;
}
