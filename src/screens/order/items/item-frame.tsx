import { useId, type ReactNode } from 'react';
import { HistoryLink } from '@/routing/history-link';
import { t } from '@/i18n';

/**
 * The frame of every item panel: a region named by its heading (the product and the item's id),
 * with the 'Historia' of the item's chart for QA (issue 40 §3) when the product has one.
 */
export function ItemFrame({ title, history, children }: { title: string; history?: { chart: string; entityId: number }; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-slate-900">
          {title}
        </h4>
        {history ? <HistoryLink chart={history.chart} entityId={history.entityId} label={t.history.of(title)} /> : null}
      </div>
      {children}
    </section>
  );
}
