import { Link } from '@tanstack/react-router';
import { useScreens } from './screens';
import { t } from '@/i18n';

/** The history viewer's route path (declared in src/screens/control/routes.ts): an entity's history, for QA (CRM_QA_AUDIT). */
export const HISTORY_PATH = 'transitions-history';

/**
 * 'Historia' (issue 40 §3): the way to an entity's history through its chart, shown only to whom
 * the viewer's route opens for (the screen list's guard, as every way to a screen). `label` is
 * the link's accessible name: what it is the history of, on a page with several.
 */
export function HistoryLink({ chart, entityId, label, children }: { chart: string; entityId: string | number; label: string; children?: string }) {
  if (!useScreens().opens(HISTORY_PATH)) return null;
  return (
    <Link
      to="/admin/transitions-history"
      search={{ chart, entityId: String(entityId) }}
      aria-label={label}
      className="inline-flex items-center rounded-md bg-white px-2.5 py-1.5 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
    >
      {children ?? t.titles.history}
    </Link>
  );
}
