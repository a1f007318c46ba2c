import { CreditCardIcon } from '@heroicons/react/24/outline';
import { Permission } from '@/domain/permissions';
import { searchOf, listFirstRead, type ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** The payment gateway's charge orders (Pagos UPG). */
export const chargeOrderRoutes: ScreenRoute[] = [
  {
    path: 'payments',
    title: t.menu.payments,
    permission: Permission.VIEW_UPG,
    menu: { order: 100, icon: CreditCardIcon },
    search: searchOf(['originOrderId', 'accountId', 'appName', 'status', 'pasarela', 'startDate', 'endDate', 'extraKind', 'extraValue', 'page']),
    page: async () => (await import('./payments-page')).PaymentsPage,
    firstRead: listFirstRead(async () => (await import('./payments-read')).paymentsRead),
  },
];
