import { Permission } from '@/domain/permissions';
import { searchOf, type ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** The payment gateway's charge orders (Pagos UPG). */
export const chargeOrderRoutes: ScreenRoute[] = [
  {
    path: 'payments',
    title: t.menu.payments,
    permission: Permission.VIEW_UPG,
    search: searchOf(['originOrderId', 'accountId', 'appName', 'status', 'pasarela', 'startDate', 'endDate', 'extraKind', 'extraValue', 'page']),
    page: async () => (await import('./payments-page')).PaymentsPage,
  },
];
