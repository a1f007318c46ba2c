import { getCalls } from '@/api/lists';
import { defaultWindow } from '@/domain/date-window';
import { listRead } from '@/ui/list-first-read';

export const CALLS_PAGE_SIZE = 20;

/** Llamadas' first page: the route's loader asks for it, the screen's search chart takes it. */
export const callsRead = listRead('calls', {
  defaults: (now) => defaultWindow('calls', now),
  params: (query, page) => ({ ...query, page: String(page), size: String(CALLS_PAGE_SIZE) }),
  fetch: (services, params, signal) => getCalls(services.users, params, signal),
});
