import type { CustomerBlacklistEntry, KycDecisionStatus, KycHistoryEntry } from '@/api/contract/customer-detail';
import { documentCaption, kycStatusLabel, translateKycMessage, truncateUrl } from '@/domain/kyc';
import { formatDateTime } from '@/domain/time';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { KeyValues, PagedTable, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { customerText } from '@/i18n/es-customer';
import { Msg } from '@/domain/messages';

/** The Lista Negra and KYC tabs of a customer (spec details §2). */

export const BLACKLIST_PAGE_SIZE = 20;

export interface BlacklistPage {
  page: number;
  data: { elements: CustomerBlacklistEntry[]; totalElements: number };
}

const blacklistText = customerText.blacklist;
const BLACKLIST_COLUMNS: TableColumn<CustomerBlacklistEntry>[] = [
  { header: blacklistText.value, cell: (e) => <span className="font-mono text-xs">{e.value}</span> },
  { header: blacklistText.type, cell: (e) => e.type },
  { header: blacklistText.created, cell: (e) => formatDateTime(e.created), className: 'whitespace-nowrap' },
];

export function BlacklistTab({ accountId, tab, onPage }: { accountId: number; tab: DetailTab<BlacklistPage>; onPage: (page: number) => void }) {
  return (
    <DetailTabView tab={tab}>
      {({ page, data }) => (
        <PagedTable label={blacklistText.label(accountId)} rows={data.elements} columns={BLACKLIST_COLUMNS} rowKey={(e) => e.id} empty={Msg.emptyResult} page={page} size={BLACKLIST_PAGE_SIZE} total={data.totalElements} onPage={onPage} />
      )}
    </DetailTabView>
  );
}

export interface KycData {
  status: KycDecisionStatus;
  /** Null when there is no status to have a history (none, or 'error'). */
  history: KycHistoryEntry[] | null;
}

const kycText = customerText.kyc;
const HISTORY_COLUMNS: TableColumn<KycHistoryEntry>[] = [
  { header: kycText.status, cell: (e) => kycStatusLabel(e.status) },
  {
    header: kycText.url,
    cell: (e) => (
      <span title={e.verification_url ?? ''} className="font-mono text-xs">
        {truncateUrl(e.verification_url)}
      </span>
    ),
  },
  { header: kycText.document, cell: (e) => documentCaption(e.kyc_decision) },
  { header: kycText.created, cell: (e) => formatDateTime(e.created_date_time), className: 'whitespace-nowrap' },
  { header: kycText.verified, cell: (e) => formatDateTime(e.verification_date_time), className: 'whitespace-nowrap' },
  { header: kycText.partner, cell: (e) => <span className="font-mono text-xs">{e.partner_id}</span> },
];

/** KYC: the current status with the service's message in Spanish; the verifications when there is a status. */
export function KycTab({ accountId, tab }: { accountId: number; tab: DetailTab<KycData> }) {
  return (
    <DetailTabView tab={tab}>
      {({ status, history }) => (
        <div className="space-y-3">
          <KeyValues
            items={[
              { label: kycText.status, value: kycStatusLabel(status.status) },
              { label: kycText.message, value: translateKycMessage(status.message) },
              { label: kycText.since, value: formatDateTime(status.created_at_time) },
            ]}
          />
          {history ? <SimpleTable label={kycText.history(accountId)} rows={history} columns={HISTORY_COLUMNS} rowKey={(e) => e.partner_id} empty={kycText.empty} /> : null}
        </div>
      )}
    </DetailTabView>
  );
}
