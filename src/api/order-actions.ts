import { call, type ServiceClient } from './http';
import type { Services } from './services';
import { ZelleTransfersResponse } from './contract/order-detail';
import { BlacklistChangeResponse } from './contract/settings';

/** What the order page reads and does outside the action tables: the Zelle transfers of an order, a card's blacklist entry. */

/** Adds or removes the card of a payment element on the blacklist. */
export async function changeCardBlacklist(blacklist: ServiceClient, add: boolean, accountId: number, uniqueNumberIdentifier: string) {
  const body = { accountId, paymentMethod: { uniqueNumberIdentifier, paymentType: 'CARD' } };
  return (await call(blacklist, (k) => k.post(add ? 'secured/add' : 'secured/remove', { json: body }), BlacklistChangeResponse)).data.changed;
}

// ---------------------------------------------------------------- Zelle

const zellePath = (services: Services, rest: string) => {
  const tenant = encodeURIComponent(services.config.tenant);
  return `zelle/${tenant}/${tenant}/transfers${rest}`;
};

/** The transfers of an order (its origin id), or without one those nobody has linked yet; 4 per page. */
export async function getZelleTransfers(services: Services, originId: string | null, page: number, size = 4) {
  const searchParams = { ...(originId ? { originId } : {}), sort: 'createdDate,desc', page: String(page), size: String(size) };
  return (await call(services.upgSecured, (k) => k.get(zellePath(services, '/byOriginId'), { searchParams }), ZelleTransfersResponse)).data;
}
