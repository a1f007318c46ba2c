import { getChargeOrders } from '@/api/lists';
import { PAYMENT_EXTRA_FILTERS } from '@/api/contract/upg';
import { defaultWindow } from '@/domain/date-window';
import { pageParams } from '@/ui/search-logic';
import { listRead } from '@/ui/list-first-read';

export const PAYMENTS_PAGE_SIZE = 20;

/** Pagos UPG's first page (the company's charge orders): the route's loader asks for it, the screen's search chart takes it. */
export const paymentsRead = listRead('payments', {
  defaults: (now) => ({ ...defaultWindow('default', now), extraKind: PAYMENT_EXTRA_FILTERS[0].key }),
  params: (query, page) => pageParams(query, page, PAYMENTS_PAGE_SIZE),
  fetch: (services, params, signal) => getChargeOrders(services.upg, services.config.tenant, params, signal),
});
