import { getItems } from '@/api/lists';
import { defaultWindow } from '@/domain/date-window';
import { listRead } from '@/ui/list-first-read';

export const ITEMS_PAGE_SIZE = 20;

/** Items' first page: the route's loader asks for it, the screen's search chart takes it. */
export const itemsRead = listRead('items', {
  defaults: (now) => defaultWindow('default', now),
  params: (query, page) => ({ ...query, page: String(page), size: String(ITEMS_PAGE_SIZE) }),
  fetch: (services, params, signal) => getItems(services.rorders, params, signal),
});
