import { useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from '@/router';
import { setNavigator } from './navigation';
import type { SessionActor } from '@/ui/session';

/** The routed console: loaded after sign-in (or directly when a session exists). */
export default function RouterApp({ session }: { session: SessionActor }) {
  const [router] = useState(() => {
    const created = createAppRouter({ session });
    setNavigator((to) => void created.navigate({ to }));
    return created;
  });
  return <RouterProvider router={router} />;
}
