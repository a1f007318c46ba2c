import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { loadRuntimeConfig } from '@/api/runtime-config';
import { createServices } from '@/api/services';
import { createSession, createSessionApi, resumeSession } from '@/app/session';
import { ServicesContext, SessionActorContext, type SessionActor } from '@/ui/session';
import { Boot, preloadRouterApp } from '@/app/boot';
import { drawsShell } from '@/domain/frame-paths';
import { AppFrame, frameActor } from '@/ui/shell-frame';
import { notify } from '@/ui/toast';
import { t } from '@/i18n';
import type { AppRouter } from '@/router';

async function boot() {
  const routerApp = preloadRouterApp(window.localStorage, window.location.hash);
  const root = createRoot(document.getElementById('root')!);
  // Every render of the root is a transition of React's, done in slices that give the main thread
  // back every few milliseconds: the frame, then the console, each mounted in one task before, were
  // two of a phone's long tasks (issue 41 §3). Nothing is typed into the page before it is drawn.
  const draw = (node: ReactNode) => startTransition(() => root.render(node));
  // Signed in, on a page of the shell: the frame is drawn now, empty, while config.json and the
  // router's code come; the shell then fills that same frame (src/ui/shell-frame.tsx).
  if (routerApp && drawsShell(window.location.hash)) {
    frameActor.send({ type: 'frame.boot' });
    draw(<AppFrame />);
  }
  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    console.error(error);
    frameActor.send({ type: 'frame.clear' });
    draw(
      <AppFrame>
        <p className="p-8 text-red-700">{t.app.configError}</p>
      </AppFrame>,
    );
    return;
  }
  // The clients read the token from the session actor, created right after them.
  let session: SessionActor | null = null;
  // The router comes after the session it guards, once its code is in (src/app/boot.tsx): on a
  // signed-out start only after sign-in. Before it there is no page of the console to leave.
  let router: AppRouter | null = null;
  const services = createServices(config, {
    getToken: () => session?.getSnapshot().context.accessToken ?? null,
    onInvalidToken: () => session?.send({ type: 'session.invalidToken' }),
    serviceKeys: () => session?.getSnapshot().context.profile?.serviceKeys ?? null,
  });
  session = createSession({
    api: createSessionApi(services, window.localStorage),
    store: window.localStorage,
    now: () => Date.now(),
    notifyError: notify.error,
    // The page shown is guarded again: without a session its guard sends it to sign-in, keeping it (`redirect`).
    goToSignIn: () => void router?.invalidate(),
    log: (message, error) => console.warn(message, error),
  });
  // The chart's start and the stored session's resume in two tasks, not one (issue 41 §3: on a
  // phone together they held the main thread); the router's code is still on its way meanwhile.
  await nextTask();
  resumeSession(session, window.localStorage);
  // Downloading beside config.json since the entry began; rendering without it would show a
  // fallback and then wait out React's reveal throttle (src/app/boot.tsx).
  await routerApp;
  draw(
    <AppFrame>
      <StrictMode>
        <SessionActorContext.Provider value={session}>
          <ServicesContext.Provider value={services}>
            <Boot session={session} onRouter={(made) => (router = made)} />
          </ServicesContext.Provider>
        </SessionActorContext.Provider>
      </StrictMode>
    </AppFrame>,
  );
}

/** A task boundary: what follows runs in a later task of the main thread. */
const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

// In a task of its own, after the entry's modules have run: on a slow phone the two together were
// one task long enough to hold the main thread (issue 26: the first of a page's long tasks).
window.setTimeout(() => void boot(), 0);
