import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useSearchScreen } from '@/ui/search-screen';
import type { Filters, SearchResult } from '@/machines/ui/search.machine';
import type { SettingsTab } from './tabs';

const route = getRouteApi('/admin/settings-page');

/**
 * A settings list bound to the search chart through the URL: `page` and `value` are the list's,
 * `tab` stays as it is. `reload` asks again for the page shown after a change.
 */
export function useSettingsList(
  tab: SettingsTab,
  defaults: Filters,
  load: (query: Filters, page: number, signal: AbortSignal) => Promise<SearchResult>,
) {
  const { tab: _tab, ...search } = route.useSearch();
  const navigate = useNavigate();
  const screen = useSearchScreen({
    search,
    navigate: (next) => void navigate({ to: '/admin/settings-page', search: { ...next, tab } }),
    defaults,
    load,
  });
  return { screen, reload: screen.reload };
}
