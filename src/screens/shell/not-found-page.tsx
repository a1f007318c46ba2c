import { Link, useLocation } from '@tanstack/react-router';
import { Card, PageHeader } from '@/ui/card';
import { Shell } from './shell';
import { t } from '@/i18n';

/**
 * A path that leads nowhere, for someone signed in: said inside the shell, with the way back, and
 * the session kept (the spec's "any other path goes to sign-in" would sign them out and lose the
 * work open in the page: docs/decisions.md).
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div>
      <PageHeader title={t.titles.notFound} />
      <Card>
        <p className="text-sm text-slate-700">{t.notFound.text(pathname)}</p>
        <Link to="/admin/dashboard" className="mt-3 inline-block text-sm font-medium text-brand-700 underline hover:text-brand-800">
          {t.notFound.home}
        </Link>
      </Card>
    </div>
  );
}

/** The same page for a path outside /admin: in the shell all the same. */
export function ShellNotFound() {
  return (
    <Shell>
      <NotFoundPage />
    </Shell>
  );
}
