import type { ReactNode } from 'react';
import type { SimilarItem, TopupClaim, TopupTrace } from '@/api/contract/topup';
import { SIMILAR_PAGE_SIZE, TRACES_PAGE_SIZE } from '@/api/contract/topup';
import { reliabilityLabel } from '@/domain/reliability';
import { formatDateTime, LONG_DATE_TIME_FORMAT } from '@/domain/time';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { SimpleTable, type TableColumn } from '@/ui/detail-table';
import { CustomerLink, OrderLink } from '@/ui/links';
import { Pager } from '@/ui/pager';
import { tt } from '@/i18n/es-topup';

/** What a paged table of the panel shows: the page it asked for and the answer. */
export interface Paged<T> {
  page: number;
  elements: T[];
  totalElements: number;
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h5 className="text-xs font-semibold tracking-wide text-slate-700 uppercase">{title}</h5>
      {children}
    </section>
  );
}

const T = tt.traces;
const nowrap = 'whitespace-nowrap';
const TRACE_COLUMNS: TableColumn<TopupTrace>[] = [
  { header: T.foiId, cell: (r) => r.foiId },
  { header: T.requestDate, cell: (r) => formatDateTime(r.requestDate, LONG_DATE_TIME_FORMAT), className: nowrap },
  { header: T.result, cell: (r) => r.result },
  { header: T.date, cell: (r) => formatDateTime(r.date, LONG_DATE_TIME_FORMAT), className: nowrap },
  { header: T.destination, cell: (r) => r.destination ?? '', className: nowrap },
  { header: T.valueTopup, cell: (r) => r.valueTopup.toFixed(2) },
  { header: T.codeCountry, cell: (r) => r.codeCountry },
  { header: T.operator, cell: (r) => r.operator },
  { header: T.transactionId, cell: (r) => r.transactionId ?? '', className: nowrap },
  { header: T.requestRemoteId, cell: (r) => r.requestRemoteId, className: nowrap },
  { header: T.status, cell: (r) => r.status },
  { header: T.statusDetail, cell: (r) => r.statusDetail ?? '', className: 'min-w-72' },
];

/** The item's delivery attempts, newest first, 5 per page (spec details §9). */
export function TopupTraces({ id, tab, onPage }: { id: number; tab: DetailTab<Paged<TopupTrace>>; onPage: (page: number) => void }) {
  return (
    <Part title={T.title}>
      <DetailTabView tab={tab}>
        {(data) => (
          <>
            <SimpleTable label={T.label(id)} rows={data.elements} columns={TRACE_COLUMNS} rowKey={(r) => r.id} empty={tt.empty} />
            {data.totalElements > TRACES_PAGE_SIZE ? <Pager page={data.page} size={TRACES_PAGE_SIZE} total={data.totalElements} onPage={onPage} /> : null}
          </>
        )}
      </DetailTabView>
    </Part>
  );
}

const C = tt.claims;
const CLAIM_COLUMNS: TableColumn<TopupClaim>[] = [
  { header: C.claim, cell: (r) => r.label, className: nowrap },
  { header: C.note, cell: (r) => r.note, className: 'min-w-72' },
  { header: C.created, cell: (r) => formatDateTime(r.created), className: nowrap },
  { header: C.agent, cell: (r) => r.actorEmail ?? '' },
];

/** The claims made to the operator about this top-up. */
export function TopupClaims({ id, tab }: { id: number; tab: DetailTab<TopupClaim[]> }) {
  return (
    <Part title={C.title}>
      <DetailTabView tab={tab}>{(claims) => <SimpleTable label={C.label(id)} rows={claims} columns={CLAIM_COLUMNS} rowKey={(r) => r.id} empty={tt.empty} />}</DetailTabView>
    </Part>
  );
}

const S = tt.similar;
const SIMILAR_COLUMNS: TableColumn<SimilarItem>[] = [
  { header: S.foiId, cell: (r) => r.foiId },
  { header: S.order, cell: (r) => <OrderLink id={r.orderId} /> },
  { header: S.destination, cell: (r) => r.destinationOrRecipientePhone ?? '' },
  { header: S.credit, cell: (r) => `${r.credit.toFixed(2)} ${r.currency}`, className: nowrap },
  { header: S.created, cell: (r) => formatDateTime(r.created), className: nowrap },
  { header: S.user, cell: (r) => <CustomerLink id={r.userId} /> },
  { header: S.status, cell: (r) => r.status },
  { header: S.reliability, cell: (r) => reliabilityLabel(r.reliability) },
];

/** Other items to the same destination (who else tops this number up), 6 per page. */
export function SimilarItems({ id, tab, onPage }: { id: number; tab: DetailTab<Paged<SimilarItem>>; onPage: (page: number) => void }) {
  return (
    <Part title={S.title}>
      <DetailTabView tab={tab}>
        {(data) => (
          <>
            <SimpleTable label={S.label(id)} rows={data.elements} columns={SIMILAR_COLUMNS} rowKey={(r) => r.foiId} empty={tt.empty} />
            {data.totalElements > SIMILAR_PAGE_SIZE ? <Pager page={data.page} size={SIMILAR_PAGE_SIZE} total={data.totalElements} onPage={onPage} /> : null}
          </>
        )}
      </DetailTabView>
    </Part>
  );
}
