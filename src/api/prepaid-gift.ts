import { call, type ServiceClient } from './http';
import { GiftCardsResponse, PrepaidCardResponse } from './contract/prepaid-gift';

/** What the prepaid and gift card panels read (spec details §7). Their actions are their tables' rows. */

export async function getPrepaidCard(orders: ServiceClient, foiid: number) {
  return (await call(orders, (k) => k.get('secured/prepaidCard/data', { searchParams: { foiid: String(foiid) } }), PrepaidCardResponse)).data;
}

export async function getGiftCards(orders: ServiceClient, foId: number) {
  return (await call(orders, (k) => k.get('secured/foid/giftcards', { searchParams: { foId: String(foId) } }), GiftCardsResponse)).data.elements;
}
