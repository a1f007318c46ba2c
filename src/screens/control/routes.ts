import { APPROVAL_READERS, Permission } from '@/domain/permissions';
import { searchOf, type ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** Control work (issue 14): four-eyes approvals and QA's transition audit. */
export const controlRoutes: ScreenRoute[] = [
  {
    path: 'approvals',
    title: t.menu.approvals,
    permission: APPROVAL_READERS,
    page: async () => (await import('./approvals-page')).ApprovalsPage,
  },
  {
    path: 'transitions-audit',
    title: t.menu.audit,
    permission: Permission.AUDIT,
    search: searchOf(['chart', 'entityId', 'actor', 'event', 'startDate', 'endDate', 'page']),
    page: async () => (await import('./transitions-page')).TransitionsAuditPage,
  },
];
