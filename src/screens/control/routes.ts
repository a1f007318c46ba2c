import { CheckBadgeIcon, ShieldCheckIcon } from '@heroicons/react/24/outline';
import { APPROVAL_READERS, Permission } from '@/domain/permissions';
import { searchOf, type ScreenRoute } from '@/ui/screen-route';
import { t } from '@/i18n';

/** Control work (issue 14): four-eyes approvals and QA's transition audit. */
export const controlRoutes: ScreenRoute[] = [
  {
    path: 'approvals',
    title: t.menu.approvals,
    permission: APPROVAL_READERS,
    menu: { order: 70, icon: CheckBadgeIcon },
    page: async () => (await import('./approvals-page')).ApprovalsPage,
  },
  {
    path: 'transitions-audit',
    title: t.menu.audit,
    permission: Permission.AUDIT,
    menu: { order: 80, icon: ShieldCheckIcon },
    search: searchOf(['chart', 'entityId', 'actor', 'event', 'startDate', 'endDate', 'page']),
    page: async () => (await import('./transitions-page')).TransitionsAuditPage,
  },
];
