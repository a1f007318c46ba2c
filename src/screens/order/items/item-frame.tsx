import { useId, type ReactNode } from 'react';

/** The frame of every item panel: a region named by its heading (the product and the item's id). */
export function ItemFrame({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        {title}
      </h4>
      {children}
    </section>
  );
}
