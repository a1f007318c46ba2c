import { useEffect, useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from '@/router';
import { setNavigator } from './navigation';
import { useServices, type SessionActor } from '@/ui/session';

/** The user's permissions as one text: a profile read again with the same groups changes nothing. */
const permissionsOf = (session: SessionActor) =>
  JSON.stringify((session.getSnapshot().context.profile?.groups ?? []).map((group) => group.permissions.map((p) => p.name)));

/** The routed console: loaded after sign-in (or directly when a session exists). */
export default function RouterApp({ session }: { session: SessionActor }) {
  const services = useServices();
  const [router] = useState(() => {
    const created = createAppRouter({ session, services });
    setNavigator((to) => void created.navigate({ to }));
    return created;
  });
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
