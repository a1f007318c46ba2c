import { call, type ServiceClient } from './http';
import { GiftCardsResponse, PrepaidCardResponse, PrepaidMoveResponse, type PrepaidUpdateBody } from './contract/prepaid-gift';

/** Prepaid cards and gift cards (spec details §7). The approval carries an Idempotency-Key. */

export async function getPrepaidCard(orders: ServiceClient, foiid: number) {
  return (await call(orders, (k) => k.get('secured/prepaidCard/data', { searchParams: { foiid: String(foiid) } }), PrepaidCardResponse)).data;
}

/** Approves the prepaid card of an offer (its item). */
export async function approvePrepaidCard(orders: ServiceClient, foid: number) {
  const options = { searchParams: { foid: String(foid) }, headers: { 'Idempotency-Key': crypto.randomUUID() } };
  return (await call(orders, (k) => k.post('secured/prepaidCard/approve', options), PrepaidMoveResponse)).data;
}

export async function updatePrepaidCard(orders: ServiceClient, foiid: number, body: PrepaidUpdateBody) {
  return (await call(orders, (k) => k.post('secured/prepaidCard/update', { searchParams: { foiid: String(foiid) }, json: body }), PrepaidCardResponse)).data;
}

export async function getGiftCards(orders: ServiceClient, foId: number) {
  return (await call(orders, (k) => k.get('secured/foid/giftcards', { searchParams: { foId: String(foId) } }), GiftCardsResponse)).data.elements;
}
