/** The look of every tab strip in the console: pages' tabs and the sub-tabs inside a tab. */
export const TAB_CLASS =
  'rounded-t-md px-3 py-2 text-sm font-medium text-slate-600 data-hover:bg-slate-200/60 data-selected:bg-white data-selected:text-brand-700 data-selected:ring-1 data-selected:ring-slate-200';
export const SUB_TAB_CLASS =
  'rounded-md px-2.5 py-1 text-xs font-semibold text-slate-600 data-hover:bg-slate-200/60 data-selected:bg-brand-50 data-selected:text-brand-800 data-selected:ring-1 data-selected:ring-brand-200';
