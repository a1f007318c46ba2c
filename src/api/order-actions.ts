import { call } from './http';
import type { Services } from './services';
import { ZelleTransfersResponse } from './contract/order-detail';

/** What the order page reads and does outside the action tables: the Zelle transfers of an order. */


// ---------------------------------------------------------------- Zelle

/** The transfers' path: the company twice, or a charge order's app name and the company. */
const zellePath = (services: Services, rest: string, appName?: string) => {
  const tenant = encodeURIComponent(services.config.tenant);
  return `zelle/${appName ? encodeURIComponent(appName) : tenant}/${tenant}/transfers${rest}`;
};

/**
 * The transfers of an order (its origin id), or without one those nobody has linked yet; 4 per page.
 * Each carries its chart for a link to the order `referenceCode` names (the reference server's).
 */
export async function getZelleTransfers(services: Services, originId: string | null, page: number, size = 4, appName?: string, referenceCode?: string | null) {
  const searchParams = { ...(originId ? { originId } : {}), ...(referenceCode ? { referenceCode } : {}), sort: 'createdDate,desc', page: String(page), size: String(size) };
  return (await call(services.upgSecured, (k) => k.get(zellePath(services, '/byOriginId', appName), { searchParams }), ZelleTransfersResponse)).data;
}
