import type { ReactNode } from 'react';
import type { SimilarItem, TopupClaim, TopupTrace } from '@/api/contract/topup';
import { SIMILAR_PAGE_SIZE, TRACES_PAGE_SIZE } from '@/api/contract/topup';
import { reliabilityLabel } from '@/domain/reliability';
import { formatDateTime, DATE_TIME_SECONDS_FORMAT } from '@/domain/time';
import { DetailTabView, type DetailTab, type ShownTab } from '@/ui/detail-tab';
import { PagedTable, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { CustomerLink, OrderLink } from '@/ui/links';
import { topupText } from '@/i18n/es-topup';
import { formatMoney, formatNumber } from '@/domain/format';
import { productStatusLabel } from '@/domain/products';

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

const traceText = topupText.traces;
const nowrap = 'whitespace-nowrap';
const TRACE_COLUMNS: TableColumn<TopupTrace>[] = [
  { header: traceText.foiId, cell: (r) => r.foiId },
  { header: traceText.requestDate, cell: (r) => formatDateTime(r.requestDate, DATE_TIME_SECONDS_FORMAT), className: nowrap },
  { header: traceText.result, cell: (r) => r.result },
  { header: traceText.date, cell: (r) => formatDateTime(r.date, DATE_TIME_SECONDS_FORMAT), className: nowrap },
  { header: traceText.destination, cell: (r) => r.destination ?? '', className: nowrap },
  { header: traceText.valueTopup, cell: (r) => formatNumber(r.valueTopup) },
  { header: traceText.codeCountry, cell: (r) => r.codeCountry },
  { header: traceText.operator, cell: (r) => r.operator },
  { header: traceText.transactionId, cell: (r) => r.transactionId ?? '', className: nowrap },
  { header: traceText.requestRemoteId, cell: (r) => r.requestRemoteId, className: nowrap },
  { header: traceText.status, cell: (r) => productStatusLabel('TOPUP', r.status) },
  { header: traceText.statusDetail, cell: (r) => r.statusDetail ?? '', className: 'min-w-72' },
];

interface PagedPartProps<T> {
  tab: ShownTab<Paged<T>>;
  onPage: (page: number) => void;
}

/** A titled part holding one page of a paged tab. */
function PagedPart<T>({ title, label, columns, rowKey, size, tab, onPage }: PagedPartProps<T> & { title: string; label: string; columns: TableColumn<T>[]; rowKey: (row: T) => number; size: number }) {
  return (
    <Part title={title}>
      <DetailTabView tab={tab}>
        {(data) => <PagedTable label={label} rows={data.elements} columns={columns} rowKey={rowKey} empty={topupText.empty} page={data.page} size={size} total={data.totalElements} onPage={onPage} />}
      </DetailTabView>
    </Part>
  );
}

/** The item's delivery attempts, newest first, 5 per page (spec details §9). */
export function TopupTraces({ id, ...paged }: PagedPartProps<TopupTrace> & { id: number }) {
  return <PagedPart title={traceText.title} label={traceText.label(id)} columns={TRACE_COLUMNS} rowKey={(r) => r.id} size={TRACES_PAGE_SIZE} {...paged} />;
}

const claimText = topupText.claims;
const CLAIM_COLUMNS: TableColumn<TopupClaim>[] = [
  { header: claimText.claim, cell: (r) => r.label, className: nowrap },
  { header: claimText.note, cell: (r) => r.note, className: 'min-w-72' },
  { header: claimText.created, cell: (r) => formatDateTime(r.created), className: nowrap },
  { header: claimText.agent, cell: (r) => r.actorEmail ?? '' },
];

/** The claims made to the operator about this top-up. */
export function TopupClaims({ id, tab }: { id: number; tab: DetailTab<TopupClaim[]> }) {
  return (
    <Part title={claimText.title}>
      <DetailTabView tab={tab}>{(claims) => <SimpleTable label={claimText.label(id)} rows={claims} columns={CLAIM_COLUMNS} rowKey={(r) => r.id} empty={topupText.empty} />}</DetailTabView>
    </Part>
  );
}

const similarText = topupText.similar;
const SIMILAR_COLUMNS: TableColumn<SimilarItem>[] = [
  { header: similarText.foiId, cell: (r) => r.foiId },
  { header: similarText.order, cell: (r) => <OrderLink id={r.orderId} /> },
  { header: similarText.destination, cell: (r) => r.destinationOrRecipientePhone ?? '' },
  { header: similarText.credit, cell: (r) => formatMoney(r.credit, r.currency), className: nowrap },
  { header: similarText.created, cell: (r) => formatDateTime(r.created), className: nowrap },
  { header: similarText.user, cell: (r) => <CustomerLink id={r.userId} /> },
  { header: similarText.status, cell: (r) => productStatusLabel('TOPUP', r.status) },
  { header: similarText.reliability, cell: (r) => reliabilityLabel(r.reliability) },
];

/** Other items to the same destination (who else tops this number up), 6 per page. */
export function SimilarItems({ id, ...paged }: PagedPartProps<SimilarItem> & { id: number }) {
  return <PagedPart title={similarText.title} label={similarText.label(id)} columns={SIMILAR_COLUMNS} rowKey={(r) => r.foiId} size={SIMILAR_PAGE_SIZE} {...paged} />;
}
