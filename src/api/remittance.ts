import { ApiError, call, callFile, type ServiceClient } from './http';
import type { Services } from './services';
import { CouriersResponse, DeliveryInfoResponse, RemittanceResponse } from './contract/remittance';
import { Msg } from '@/domain/messages';

/** What the remittance panels read (spec details §7): the remittance, the delivery service's info and couriers, the images. Their actions are their tables' rows. */

/** Remittance calls accept the codes of their family (src/api/success-codes.ts). */
const REMITTANCE = { family: 'remittance' } as const;

export async function getRemittance(orders: ServiceClient, orderId: number, foiid: number) {
  return (await call(orders, (k) => k.get('secured/remesa/data', { searchParams: { orderId: String(orderId), foiid: String(foiid) } }), RemittanceResponse, REMITTANCE)).data;
}

export async function getDeliveryInfo(remittances: ServiceClient, remittanceId: number) {
  return (await call(remittances, (k) => k.post('api/crm2/homeremittance/secured/deliveryinfo', { json: { remittanceId } }), DeliveryInfoResponse, REMITTANCE)).data;
}

export async function getCouriers(remittances: ServiceClient) {
  return (await call(remittances, (k) => k.get('api/crm2/courier/list'), CouriersResponse, REMITTANCE)).data.elements;
}

/**
 * An uploaded image (identity document, receipt) as a data: URL the page may show: the file is
 * read with the staff member's token, never linked to directly.
 */
export async function getStoredImage(services: Services, url: string): Promise<string> {
  // Stored images live with the orders (remittances) or with the users (identity documents).
  const client = url.startsWith('/users/') ? services.users : services.orders;
  const path = url.replace(/^\/(orders|users)\//, '');
  const blob = await callFile(client, (k) => k.get(path));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ApiError('api', Msg.serverError));
    reader.readAsDataURL(blob);
  });
}
