import { lazy, Suspense, useEffect, useState } from 'react';
import { LoginPage } from '@/screens/session/login-page';
import { useDocumentTitle } from '@/ui/document-title';
import type { SessionActor } from '@/ui/session';
import { readStoredSession, type KeyValueStore } from '@/machines/session/session-store';
import { t } from '@/i18n';
import { preloadHttp } from '@/api/http';
import { isFollowable, returnLocation, RETURN_PARAM } from '@/domain/return-location';
import type { AppRouter } from '@/router';
import type RouterAppComponent from './router-app';

/** The routed console once its code is in: rendered directly, never through Suspense. */
let loadedRouterApp: typeof RouterAppComponent | null = null;
const loadRouterApp = () =>
  import('./router-app').then((module) => {
    loadedRouterApp = module.default;
    return module;
  });
const RouterApp = lazy(loadRouterApp);

const LOGIN_PATH = '#/auth/login-page';
const isLoginPath = (hash: string) => hash.startsWith(LOGIN_PATH) || hash.startsWith('#/login-page');
/** Public routes that need the router even without a session. */
const isPublicRoute = (hash: string) => hash.startsWith('#/health');
/** The sign-in page keeping where the visitor was going, as the router's guard keeps it (`redirect`). */
const loginKeeping = (href: string) => `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_PARAM]: href }).toString()}`;
/** Where the sign-in page's address says to go once signed in. */
const requestedIn = (hash: string) => new URLSearchParams(hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '').get(RETURN_PARAM);

/**
 * With a stored session, on any page but sign-in, the router will be needed: its chunk starts
 * downloading as the entry runs, beside config.json, not after the first render (issue 26). So
 * will the HTTP library: the route's first read is the first call now that the shell's own data
 * waits for the first paint, and it must not wait for the library's download.
 */
export function preloadRouterApp(store: KeyValueStore, hash: string): Promise<unknown> | null {
  if (readStoredSession(store) === null || isLoginPath(hash)) return null;
  preloadHttp();
  // A failed download is the lazy route's to retry and show; the caller only waits for it.
  return loadRouterApp().catch(() => undefined);
}

function isSignedIn(session: SessionActor) {
  const s = session.getSnapshot();
  return s.matches('signedIn') || s.matches('invalidToken');
}

/**
 * The first paint. Signed out, the sign-in page renders without the router, so the sign-in
 * bundle holds only React, the session chart and the form (docs/decisions.md: bundle budget).
 * Once signed in, or on a public route, the router takes over for good.
 */
export function Boot({ session, onRouter }: { session: SessionActor; onRouter: (router: AppRouter) => void }) {
  const [routed, setRouted] = useState(() => {
    const hash = window.location.hash;
    return isPublicRoute(hash) || (isSignedIn(session) && !isLoginPath(hash));
  });

  useEffect(() => {
    if (routed) return;
    const follow = () => {
      const hash = window.location.hash;
      if (isPublicRoute(hash)) {
        setRouted(true);
      } else if (!isLoginPath(hash)) {
        // Any path without a session shows the sign-in page (spec route table), keeping a page of
        // the console to land on after signing in (src/domain/return-location.ts).
        const href = hash.slice(1);
        window.history.replaceState(null, '', isFollowable(href) ? loginKeeping(href) : LOGIN_PATH);
      }
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [routed]);

  // The sign-in page shown before the router (no session yet) is titled like the router's own.
  useDocumentTitle(routed ? null : t.titles.login);
  if (!routed) {
    return (
      <LoginPage
        onSignedIn={() => {
          window.history.replaceState(null, '', `#${returnLocation(requestedIn(window.location.hash))}`);
          setRouted(true);
        }}
      />
    );
  }
  // main.tsx waits for the router's code before the first render when a session is stored: a
  // boundary that showed its fallback reveals its content no sooner than 300 ms later (React's
  // throttle), a third of a second lost on every cold start for nothing.
  if (loadedRouterApp) {
    const Loaded = loadedRouterApp;
    return <Loaded session={session} onRouter={onRouter} />;
  }
  return (
    <Suspense fallback={<p className="p-8 text-slate-600">{t.app.loading}</p>}>
      <RouterApp session={session} onRouter={onRouter} />
    </Suspense>
  );
}
