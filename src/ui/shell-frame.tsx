import type { ReactNode } from 'react';
import { currentYear } from '@/domain/year';
import { drawsShell } from '@/app/frame-paths';
import { t } from '@/i18n';
import { LARGE_UP, useMediaQuery } from './media';

/**
 * The console's frame: the menu's column (from a laptop's width up), the top bar, the page and the
 * footer. The shell fills it (src/screens/shell/shell.tsx); on a signed-in cold start it is drawn
 * empty with the entry, before the router's code is in (src/main.tsx), so the frame is on screen
 * from the first render and the shell fills it in place: every part keeps its size (the top bar
 * its height with or without its buttons), nothing moves (issue 26).
 */
export function ShellFrame({ sidebar, topBar, children, beside }: { sidebar: ReactNode; topBar?: ReactNode; children: ReactNode; beside?: ReactNode }) {
  // Narrower, the column is hidden and the menu opens in a drawer: it is not rendered at all.
  const wide = useMediaQuery(LARGE_UP);
  return (
    <div className="flex h-full">
      <aside className="hidden w-64 shrink-0 lg:block">{wide ? sidebar : null}</aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex min-h-[61px] items-center gap-3 border-b border-slate-200 bg-white px-4 py-2.5">{topBar}</header>
        <main className="flex-1 overflow-auto p-4 lg:p-6">{children}</main>
        <footer className="border-t border-slate-200 bg-white px-6 py-3 text-xs text-slate-600">{t.app.footer(currentYear())}</footer>
      </div>
      {beside}
    </div>
  );
}

/** The menu's column: the console's name on its dark blue, the menu under it. */
export function SidebarFrame({ children }: { children?: ReactNode }) {
  return (
    <div className="flex h-full flex-col bg-brand-900 text-brand-50">
      <div className="px-5 py-5 text-lg font-bold tracking-tight text-white">{t.app.name}</div>
      {children}
    </div>
  );
}

/** A page whose code is on its way, in the page's place. */
export function PagePending() {
  return (
    <p aria-busy className="text-sm text-slate-600">
      {t.app.loading}
    </p>
  );
}

/** The frame before the console's code is in: the menu's column and the top bar empty, the page pending. */
export function EmptyShell() {
  return (
    <ShellFrame sidebar={<SidebarFrame />}>
      <PagePending />
    </ShellFrame>
  );
}

/**
 * The router's first load, before its root route has matched: on a page of the shell, the same
 * empty frame the entry drew (src/main.tsx), so the screen never goes blank between the two.
 */
export function FirstLoadFrame() {
  return drawsShell(window.location.hash) ? <EmptyShell /> : null;
}
