import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { CheckBadgeIcon, ShieldCheckIcon } from '@heroicons/react/24/outline';
import { APPROVAL_READERS, Permission } from '@/domain/permissions';
import { searchOf } from '@/routing/screen-route';
import { adminRoute, screen } from '@/routing/route-frame';
import { t } from '@/i18n';

/** Control work (issue 14): four-eyes approvals, QA's transition audit and an entity's history (issue 40). */
export const controlRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'approvals', title: t.menu.approvals, permission: APPROVAL_READERS, menu: { order: 70, icon: CheckBadgeIcon } }),
    component: lazyRouteComponent(() => import('./approvals-page'), 'ApprovalsPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'transitions-audit', title: t.menu.audit, permission: Permission.AUDIT, menu: { order: 80, icon: ShieldCheckIcon } }),
    validateSearch: searchOf(['chart', 'entityId', 'actor', 'event', 'startDate', 'endDate', 'page', 'tab']),
    component: lazyRouteComponent(() => import('./transitions-page'), 'TransitionsAuditPage'),
  }),
  // An entity's history through its chart (issue 40 §3): QA's, as the audit; reached by the 'Historia' links, not the menu.
  createRoute({
    getParentRoute: () => adminRoute,
    ...screen({ path: 'transitions-history', title: t.titles.history, permission: Permission.AUDIT }),
    validateSearch: searchOf(['chart', 'entityId']),
    component: lazyRouteComponent(() => import('./history-page'), 'HistoryPage'),
  }),
] as const;
