import { lazy, Suspense, useState } from 'react';
import { LoginPage } from '@/screens/login/login-page';
import type { SessionActor } from './context';
import { t } from '@/i18n';

const RouterApp = lazy(() => import('./router-app'));

const LOGIN_PATHS = ['#/auth/login-page', '#/login-page'];
/** Public routes that need the router even without a session. */
const PUBLIC_ROUTER_PATHS = ['#/health'];

function isSignedIn(session: SessionActor) {
  const s = session.getSnapshot();
  return s.matches('signedIn') || s.matches('invalidToken');
}

/**
 * The first paint. Signed out, the sign-in page renders without the router, so the sign-in
 * bundle holds only React, the session chart and the form (docs/decisions.md: bundle budget).
 * Once signed in, or on any public route, the router takes over for good.
 */
export function Boot({ session }: { session: SessionActor }) {
  const [routed, setRouted] = useState(() => {
    const hash = window.location.hash;
    if (PUBLIC_ROUTER_PATHS.some((p) => hash.startsWith(p))) return true;
    return isSignedIn(session) && !LOGIN_PATHS.some((p) => hash.startsWith(p));
  });
  const [returnTo] = useState(() => {
    const hash = window.location.hash;
    return hash.startsWith('#/admin/') ? hash : '#/admin/dashboard';
  });

  if (!routed) {
    if (!LOGIN_PATHS.some((p) => window.location.hash.startsWith(p))) {
      // Any path without a session shows the sign-in page (spec route table).
      window.history.replaceState(null, '', '#/auth/login-page');
    }
    return (
      <LoginPage
        onSignedIn={() => {
          window.history.replaceState(null, '', returnTo);
          setRouted(true);
        }}
      />
    );
  }
  return (
    <Suspense fallback={<p className="p-8 text-slate-600">{t.app.loading}</p>}>
      <RouterApp session={session} />
    </Suspense>
  );
}
