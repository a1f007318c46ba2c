import { Squares2X2Icon } from '@heroicons/react/24/outline';
import { Permission } from '@/domain/permissions';
import { searchOf, type ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** Extras: exchange rates and KYC decisions. */
export const extrasRoutes: ScreenRoute[] = [
  {
    path: 'extras',
    title: t.menu.extras,
    permission: Permission.VIEW_CUSTOMERS,
    menu: { order: 120, icon: Squares2X2Icon },
    search: searchOf(['tab', 'page', 'historyPage', 'partnerReference', 'status', 'dateFrom', 'dateTo']),
    page: async () => (await import('./extras-page')).ExtrasPage,
  },
];
