import { useEffect, useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter, type AppRouter } from '@/router';
import { useServices, type SessionActor } from '@/ui/session';

/** The user's permissions as one text: a profile read again with the same groups changes nothing. */
const permissionsOf = (session: SessionActor) =>
  JSON.stringify((session.getSnapshot().context.profile?.groups ?? []).map((group) => group.permissions.map((p) => p.name)));

/**
 * The routed console: loaded after sign-in (or directly when a session exists). Its router is
 * handed to `onRouter` once made: the session's effects navigate through it (src/main.tsx).
 */
export default function RouterApp({ session, onRouter }: { session: SessionActor; onRouter: (router: AppRouter) => void }) {
  const services = useServices();
  const [router] = useState(() => createAppRouter({ session, services }));
  useEffect(() => onRouter(router), [router, onRouter]);
  // The routes' guards read the session's permissions: when they change (the profile is read
  // again every 40 minutes), the screen shown is guarded again.
  useEffect(() => {
    let seen = permissionsOf(session);
    const subscription = session.subscribe(() => {
      const now = permissionsOf(session);
      if (now === seen) return;
      seen = now;
      void router.invalidate();
    });
    return () => subscription.unsubscribe();
  }, [session, router]);
  return <RouterProvider router={router} />;
}
