import { Link } from '@tanstack/react-router';
import { Bars3Icon, ChartBarIcon, Cog6ToothIcon } from '@heroicons/react/24/outline';
import { Permission } from '@/domain/permissions';
import { usePermission } from '@/ui/session';
import { GlobalSearch } from './global-search';
import { RiskBell } from './risk-bell';
import { KycCounter } from './kyc-counter';
import { t } from '@/i18n';

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const seesOrders = usePermission(Permission.VIEW_ORDERS);
  const seesSettings = usePermission(Permission.SETTINGS);
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2.5">
      <button type="button" className="rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden" onClick={onOpenMenu}>
        <Bars3Icon aria-hidden className="size-6" />
        <span className="sr-only">{t.menu.openMenu}</span>
      </button>
      <GlobalSearch id="topbar-search" className="hidden w-80 md:block" />
      <div className="ml-auto flex items-center gap-2">
        <Link to="/admin/dashboard" className="inline-flex items-center gap-1 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
          <ChartBarIcon aria-hidden className="size-5" />
          {t.topbar.stats}
        </Link>
        {seesOrders ? <KycCounter /> : null}
        {seesOrders ? <RiskBell /> : null}
        {seesSettings ? (
          <Link to="/admin/settings-page" className="inline-flex items-center gap-1 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
            <Cog6ToothIcon aria-hidden className="size-5" />
            {t.topbar.settings}
          </Link>
        ) : null}
      </div>
    </header>
  );
}
