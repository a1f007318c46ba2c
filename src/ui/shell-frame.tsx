import { useLayoutEffect, type ReactNode } from 'react';
import { createActor } from 'xstate';
import { useSelector } from '@xstate/react';
import { frameMachine, type FrameContext } from '@/machines/ui/frame.machine';
import { currentYear } from '@/domain/year';
import { drawsShell } from '@/domain/frame-paths';
import { t } from '@/i18n';
import { LARGE_UP, useMediaQuery } from './media';

/**
 * The console's frame: the menu's column (from a laptop's width up), the top bar, the page and the
 * footer. It is drawn by the entry, around whatever the app renders, for the page's whole life
 * (src/main.tsx): on a signed-in cold start it is on screen, empty, before the router's code is in,
 * and the shell (src/screens/shell/shell.tsx) then fills its menu and top bar through portals
 * instead of drawing a frame of its own. Nothing of it is removed or drawn again when the shell
 * arrives: every part keeps its place and size, and the footer painted first is the one that stays
 * (issue 26: the browser counts a page's largest paint from the element that stays on screen).
 * Sign-in and a window of its own (the fraud graph) have no frame: the page renders alone, in the
 * same place of the tree, so nothing of the app is mounted again when the frame comes or goes.
 */

/** The frame's chart, one for the page's life (src/machines/ui/frame.machine.ts). */
export const frameActor = createActor(frameMachine).start();

const menuRef = (menu: HTMLElement | null) => frameActor.send({ type: 'frame.slots', menu, bar: frameActor.getSnapshot().context.bar });
const barRef = (bar: HTMLElement | null) => frameActor.send({ type: 'frame.slots', menu: frameActor.getSnapshot().context.menu, bar });

type FrameShown = 'none' | 'empty' | 'shell';
const useFrameState = () => useSelector(frameActor, (s) => s.value as FrameShown);

/** The shell in the frame while it is mounted: the frame shows the shell's parts; where to draw its menu and top bar. */
export function useShellInFrame(): FrameContext {
  useLayoutEffect(() => {
    frameActor.send({ type: 'shell.in' });
    return () => frameActor.send({ type: 'shell.out' });
  }, []);
  return useSelector(frameActor, (s) => s.context);
}

/** The frame around the app; `children` stay in one place of the tree whether the frame shows or not. */
export function AppFrame({ children }: { children?: ReactNode }) {
  const shown = useFrameState();
  // Narrower, the column is hidden and the menu opens in a drawer: it is not rendered at all.
  const wide = useMediaQuery(LARGE_UP);
  const framed = shown !== 'none';
  return (
    <div className={framed ? 'flex h-full' : 'contents'}>
      {framed ? <SkipLink /> : null}
      {framed ? <aside className="hidden w-64 shrink-0 lg:block">{wide ? shown === 'shell' ? <div ref={menuRef} className="h-full" /> : <SidebarFrame /> : null}</aside> : null}
      <div className={framed ? 'flex min-w-0 flex-1 flex-col' : 'contents'}>
        {framed ? <header ref={barRef} className="flex min-h-[61px] items-center gap-3 border-b border-slate-200 bg-white px-4 py-2.5" /> : null}
        {/* The main landmark by its role, not a <main>: one element whether framed or not, so the page is not mounted again. */}
        <div id={framed ? MAIN_ID : undefined} role={framed ? 'main' : undefined} tabIndex={framed ? -1 : undefined} className={framed ? 'flex-1 overflow-auto p-4 lg:p-6' : 'contents'}>
          {children ?? (shown === 'empty' ? <PagePending /> : null)}
        </div>
        {framed ? <footer className="border-t border-slate-200 bg-white px-6 py-3 text-xs text-slate-600">{t.app.footer(currentYear())}</footer> : null}
      </div>
    </div>
  );
}

/** The page's place: the main landmark, where the skip link takes the focus. */
const MAIN_ID = 'contenido';

/**
 * The frame's first focusable element: hidden until it has the focus, it takes the focus past the
 * menu and the top bar to the page. Not a link to `#contenido`: the address's hash is the router's.
 */
function SkipLink() {
  return (
    <button
      type="button"
      className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow-lg ring-1 ring-slate-300 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      onClick={() => document.getElementById(MAIN_ID)?.focus()}
    >
      {t.app.skipToContent}
    </button>
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

/**
 * The router's first load, before its root route has matched: in an empty frame, the page pending
 * (what the entry drew there). Once matched on a page without the shell (sign-in, after a session
 * that ended), the frame nobody will fill is taken away; on a page of the shell, the shell takes it.
 */
export function FirstLoadPending({ matched }: { matched: boolean }) {
  const shown = useFrameState();
  useLayoutEffect(() => {
    if (matched && !drawsShell(window.location.hash)) frameActor.send({ type: 'frame.settled' });
  }, [matched]);
  return !matched && shown === 'empty' ? <PagePending /> : null;
}
