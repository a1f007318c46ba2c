import { useEffect } from 'react';
import { Outlet, useMatches } from '@tanstack/react-router';
import { Toaster } from '@/ui/toast';
import { t } from '@/i18n';

/** Sets the page title from the deepest route that names one. */
function PageTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => m.staticData.title)?.staticData.title;
  useEffect(() => {
    document.title = title ? `${title} · ${t.app.titleSuffix}` : t.app.titleSuffix;
  }, [title]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <PageTitle />
      <Outlet />
      <Toaster />
    </>
  );
}
