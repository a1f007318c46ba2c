import { getOrders } from '@/api/lists';
import { ORDER_EXTRA_FILTERS } from '@/api/contract/order-lists';
import { defaultWindow } from '@/domain/date-window';
import { pageParams } from '@/ui/search-logic';
import { listRead } from '@/ui/list-first-read';

export const ORDERS_PAGE_SIZE = 15;

/** Ordenes' first page: the route's loader asks for it, the screen's search chart takes it. */
export const ordersRead = listRead('orders', {
  defaults: (now) => ({ ...defaultWindow('default', now), extraKind: ORDER_EXTRA_FILTERS[0].key }),
  // `kyc` opens the stored KYC list beside the orders; it filters nothing.
  filtersOf: ({ kyc: _kyc, ...filters }) => filters,
  params: (query, page) => pageParams(query, page, ORDERS_PAGE_SIZE),
  fetch: (services, params, signal) => getOrders(services.orders, params, signal),
});
