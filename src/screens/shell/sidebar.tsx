import { Link, useNavigate } from '@tanstack/react-router';
import { UserCircleIcon, ChevronDownIcon } from '@heroicons/react/24/outline';
import { useSession } from '@/ui/session';
import { LanguageSelect } from '@/ui/language-select';
import { Popover } from '@/ui/popover';
import { SidebarFrame } from '@/ui/shell-frame';
import { useScreens } from '@/routing/screens';
import { GlobalSearch } from './global-search';
import { t } from '@/i18n';

/** The sidebar: the user's name and menu, the entries their permissions allow, and (narrow screens) the search. */
export function Sidebar({ onNavigate, withSearch = false }: { onNavigate?: () => void; withSearch?: boolean }) {
  const name = useSession((c) => c.profile?.name ?? '');
  const navigate = useNavigate();
  // The palette finds every screen; the sidebar lists those with an icon.
  const entries = useScreens().menu.flatMap(({ icon, ...entry }) => (icon ? [{ ...entry, icon }] : []));

  return (
    <SidebarFrame>
      <div className="px-3">
        <Popover
          buttonClassName="flex w-full items-center gap-2 rounded-md px-2 py-2 text-left text-sm font-medium hover:bg-white/10"
          panelClassName="w-52"
          label={
            <>
              <UserCircleIcon aria-hidden className="size-6" />
              <span className="flex-1 truncate" data-testid="user-name">
                {name}
              </span>
              <ChevronDownIcon aria-hidden className="size-4" />
              <span className="sr-only">{t.menu.userMenu}</span>
            </>
          }
        >
          {(close) => (
            <ul>
              {[
                { label: t.menu.profile, go: () => (onNavigate?.(), void navigate({ to: '/admin/user-page' })) },
                { label: t.menu.logout, go: () => void navigate({ to: '/auth/login-page' }) },
              ].map((item) => (
                <li key={item.label}>
                  <button
                    type="button"
                    className="block w-full px-3 py-2 text-left hover:bg-slate-100 focus:bg-slate-100"
                    onClick={() => {
                      close();
                      item.go();
                    }}
                  >
                    {item.label}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Popover>
      </div>
      {withSearch ? <GlobalSearch id="sidebar-search" className="mx-3 mt-3" /> : null}
      <nav aria-label={t.menu.navigation} className="mt-4 flex-1 space-y-1 overflow-y-auto px-3">
        {entries.map((entry) => (
          <Link
            key={entry.to}
            to={entry.to}
            onClick={onNavigate}
            className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-brand-100 hover:bg-white/10 hover:text-white"
            activeProps={{ className: 'bg-white/15 text-white', 'aria-current': 'page' }}
          >
            <entry.icon aria-hidden className="size-5" />
            {entry.label}
          </Link>
        ))}
      </nav>
      <div className="border-t border-white/10 px-4 py-3 [&_span]:text-brand-100">
        <LanguageSelect id={withSearch ? 'sidebar-language-mobile' : 'sidebar-language'} />
      </div>
    </SidebarFrame>
  );
}
