import { Button } from './button';
import { listText } from '@/i18n/es-lists';

export interface PagerProps {
  /** 0-based. */
  page: number;
  size: number;
  total: number;
  /** The total the number of pages is computed from, when a rule says so (orders). */
  pagesTotal?: number;
  /** The count stopped at its cap: there are more. */
  limited?: boolean;
  onPage: (page: number) => void;
}

/** Server-side paging: previous / next, where the user is, and how many there are. */
export function Pager({ page, size, total, pagesTotal, limited, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil((pagesTotal ?? total) / size));
  const first = total === 0 ? 0 : page * size + 1;
  const last = Math.min(total, (page + 1) * size);
  return (
    <nav aria-label={listText.pager} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p>{limited ? listText.rangeLimited(first, last, total) : listText.range(first, last, total)}</p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
          {listText.previous}
        </Button>
        <span aria-live="polite">{listText.pageOf(page + 1, pages, Boolean(limited))}</span>
        <Button variant="secondary" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
          {listText.next}
        </Button>
      </div>
    </nav>
  );
}
