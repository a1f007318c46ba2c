import { CubeIcon } from '@heroicons/react/24/outline';
import { Permission } from '@/domain/permissions';
import { searchOf, listFirstRead, type ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** The items search. */
export const itemRoutes: ScreenRoute[] = [
  {
    path: 'items',
    title: t.menu.items,
    permission: Permission.VIEW_ITEMS,
    menu: { order: 40, icon: CubeIcon },
    search: searchOf(['foiId', 'accountId', 'destination', 'productStatus', 'productType', 'startDate', 'endDate', 'page']),
    page: async () => (await import('./items-page')).ItemsPage,
    firstRead: listFirstRead(async () => (await import('./items-read')).itemsRead),
  },
];
