/** Something being read: a status that says so, and busy until it is replaced by what was read. */
export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" aria-busy="true" className="inline-flex items-center gap-2 text-sm text-slate-600">
      <span aria-hidden className="size-4 rounded-full motion-safe:animate-spin border-2 border-slate-300 border-t-brand-600" />
      {label}
    </span>
  );
}
