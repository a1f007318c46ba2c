import { getCustomers } from '@/api/customer-lists';
import { listRead } from '@/ui/list-first-read';

export const CUSTOMERS_PAGE_SIZE = 15;

/** Clientes' first page: the route's loader asks for it, the screen's search chart takes it. */
export const customersRead = listRead('customers', {
  // Registered dates are optional here (docs/decisions.md): no default window.
  defaults: () => ({}),
  params: (query, page) => ({ ...query, page: String(page), size: String(CUSTOMERS_PAGE_SIZE) }),
  fetch: (services, params, signal) => getCustomers(services.uaa, params, signal),
});
