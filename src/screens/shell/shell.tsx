import { useState, type ReactNode } from 'react';
import { Outlet, useMatches } from '@tanstack/react-router';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { hasPermission } from '@/domain/permissions';
import { currentYear } from '@/domain/year';
import { useSession } from '@/ui/session';
import { NoAuthorization } from '@/ui/no-authorization';
import { Dialog } from '@/ui/dialog';
import { Sidebar } from './sidebar';
import { TopBar } from './topbar';
import { FraudAlert } from './fraud-alert';
import { KeyboardKeys } from './keyboard-keys';
import { t } from '@/i18n';

/** The /admin layout: sidebar, top bar, the page (or the refusal text), footer, fraud alert; `children` stand for the routed page. */
export function Shell({ children }: { children?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const groups = useSession((c) => c.profile?.groups);
  const matches = useMatches();
  const required = [...matches].reverse().find((m) => m.staticData.permission)?.staticData.permission;
  const allowed = !required || hasPermission(groups, required);

  return (
    <div className="flex h-full">
      <aside className="hidden w-64 shrink-0 lg:block">
        <Sidebar />
      </aside>
      <Dialog open={menuOpen} onClose={() => setMenuOpen(false)} title={t.menu.navigation} placement="left" className="lg:hidden">
        <div className="relative h-full">
          <button
            type="button"
            className="absolute top-4 right-3 z-10 rounded-md p-1 text-white hover:bg-white/10"
            onClick={() => setMenuOpen(false)}
          >
            <XMarkIcon aria-hidden className="size-6" />
            <span className="sr-only">{t.menu.closeMenu}</span>
          </button>
          <Sidebar withSearch onNavigate={() => setMenuOpen(false)} />
        </div>
      </Dialog>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar onOpenMenu={() => setMenuOpen(true)} />
        <main className="flex-1 overflow-auto p-4 lg:p-6">{allowed ? (children ?? <Outlet />) : <NoAuthorization />}</main>
        <footer className="border-t border-slate-200 bg-white px-6 py-3 text-xs text-slate-600">{t.app.footer(currentYear())}</footer>
      </div>
      <FraudAlert />
      <KeyboardKeys />
    </div>
  );
}
