import { APPROVAL_READERS } from '@/domain/approvals';
import type { ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** Control work (issue 14): four-eyes approvals. */
export const controlRoutes: ScreenRoute[] = [
  {
    path: 'approvals',
    title: t.menu.approvals,
    permission: APPROVAL_READERS,
    page: async () => (await import('./approvals-page')).ApprovalsPage,
  },
];
