import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { Dialog } from '@/ui/dialog';
import { Later } from '@/ui/later';
import { useShellInFrame } from '@/ui/shell-frame';
import { useSessionActor } from '@/ui/session';
import { Sidebar } from './sidebar';
import { TopBar } from './topbar';
import { FraudAlert } from './fraud-alert';
import { KeyboardKeys } from './keyboard-keys';
import { t } from '@/i18n';

/**
 * The /admin layout: sidebar, top bar, the page, footer, fraud alert; `children` stand for the
 * routed page. A screen the user may not open never gets here: its route's guard refuses it and
 * the route shows the refusal text in the page's place (src/router.tsx).
 */
export function Shell({ children }: { children?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const session = useSessionActor();
  // The page is in (the shell paints around its place while its code loads): the shell's own data
  // (bell, counters, fraud alert) may come now, when the browser is next idle, behind the page's
  // first reads (its route's loader sent them already).
  const pageIn = useRouterState({ select: (state) => state.status === 'idle' });
  useEffect(() => {
    if (!pageIn) return;
    const due = () => session.send({ type: 'shellData.due' });
    // Without an idle callback (Safari) the page is in already: the data may come now.
    if (typeof window.requestIdleCallback !== 'function') {
      due();
      return;
    }
    const idle = window.requestIdleCallback(due, { timeout: 1000 });
    return () => window.cancelIdleCallback(idle);
  }, [session, pageIn]);

  // The frame is the entry's (src/ui/shell-frame.tsx): the menu and the top bar are drawn into it.
  const frame = useShellInFrame();
  // The menu and the top bar are drawn after the page's place (src/ui/later.tsx): with the page's
  // first render, the router's match and the frame taking the shell, they were one task that held a
  // phone's main thread for a quarter of a second (issue 41 §3). The frame holds their places. What
  // is hidden until asked for costs nothing closed and is there at once (Ctrl+K from the first moment).
  return (
    <>
      {frame.menu ? createPortal(<Later><Sidebar /></Later>, frame.menu) : null}
      {frame.bar ? createPortal(<Later><TopBar onOpenMenu={() => setMenuOpen(true)} /></Later>, frame.bar) : null}
      {children ?? <Outlet />}
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
      <FraudAlert />
      <KeyboardKeys />
    </>
  );
}
