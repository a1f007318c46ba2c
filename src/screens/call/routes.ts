import { PhoneIcon } from '@heroicons/react/24/outline';
import { Permission } from '@/domain/permissions';
import { searchOf, listFirstRead, type ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** The calls search. */
export const callRoutes: ScreenRoute[] = [
  {
    path: 'calls',
    title: t.menu.calls,
    permission: Permission.VIEW_CALLS,
    menu: { order: 90, icon: PhoneIcon },
    search: searchOf(['e164', 'accountId', 'src', 'terminateCauseId', 'startDate', 'endDate', 'page']),
    page: async () => (await import('./calls-page')).CallsPage,
    firstRead: listFirstRead(async () => (await import('./calls-read')).callsRead),
  },
];
