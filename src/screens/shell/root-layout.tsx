import { Outlet, useMatches } from '@tanstack/react-router';
import { Toaster } from '@/ui/toast';
import { useDocumentTitle } from '@/ui/document-title';

/** Sets the page title from the deepest route that names one. */
function PageTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => m.staticData.title)?.staticData.title;
  useDocumentTitle(title);
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
