import { Link } from '@tanstack/react-router';
import { Bars3Icon, ChartBarIcon, Cog6ToothIcon } from '@heroicons/react/24/outline';
import { useSelector } from '@xstate/react';
import { useSessionActor } from '@/ui/session';
import { useScreens } from '@/routing/screens';
import { MEDIUM_UP, useMediaQuery } from '@/ui/media';
import { GlobalSearch } from './global-search';
import { RiskBell } from './risk-bell';
import { KycCounter } from './kyc-counter';
import { t } from '@/i18n';

/** The top bar's contents (its bar is the frame's: src/ui/shell-frame.tsx). */
export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  // Each way out of the bar is offered to who may open the screen it leads to (the screen list's guard).
  const { opens } = useScreens();
  const kyc = opens('orders');
  const risk = opens('order-page/$id');
  const settings = opens('settings-page');
  // Below a tablet's width the search is in the menu's drawer: the bar's own is not rendered.
  const roomForSearch = useMediaQuery(MEDIUM_UP);
  // The counters, the bell and the profile's re-read come after the page is painted (the session
  // chart's `data` region): busy until they are in, as assistive technology and tests read it.
  const shellDataIn = useSelector(useSessionActor(), (s) => s.matches({ signedIn: { data: 'idle' } }));
  return (
    <>
      <button type="button" className="rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden" onClick={onOpenMenu}>
        <Bars3Icon aria-hidden className="size-6" />
        <span className="sr-only">{t.menu.openMenu}</span>
      </button>
      {roomForSearch ? <GlobalSearch id="topbar-search" className="hidden w-80 md:block" /> : null}
      <div className="ml-auto flex items-center gap-2" aria-busy={!shellDataIn}>
        <Link to="/admin/dashboard" className="inline-flex items-center gap-1 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
          <ChartBarIcon aria-hidden className="size-5" />
          {/* On a phone the bar's links are their icons (their names for screen readers): at 360 px the words push the bar off the screen. */}
          <span className="max-sm:sr-only">{t.topbar.stats}</span>
        </Link>
        {kyc ? <KycCounter /> : null}
        {risk ? <RiskBell /> : null}
        {settings ? (
          <Link to="/admin/settings-page" className="inline-flex items-center gap-1 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
            <Cog6ToothIcon aria-hidden className="size-5" />
            <span className="max-sm:sr-only">{t.topbar.settings}</span>
          </Link>
        ) : null}
      </div>
    </>
  );
}
