import { useEffect } from 'react';
import { t } from '@/i18n';

/**
 * The browser tab's title: the page's name, then the console's ("Ordenes · Consola CRM"); the
 * console's alone without one. `null`: this component does not set it (another one does).
 */
export function useDocumentTitle(title: string | undefined | null): void {
  useEffect(() => {
    if (title === null) return;
    document.title = title ? `${title} · ${t.app.titleSuffix}` : t.app.titleSuffix;
  }, [title]);
}
