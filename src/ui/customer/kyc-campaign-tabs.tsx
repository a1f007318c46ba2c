import type { Campaign, KycDecisionStatus, KycHistoryEntry } from '@/api/contract/customer-detail';
import { documentCaption, KycLinkMsg, kycStatusLabel, translateKycMessage, truncateUrl } from '@/domain/kyc';
import { notify } from '@/ui/toast';
import { formatDateTime } from '@/domain/time';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { KeyValues, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { customerText } from '@/i18n/es-customer';
import { Msg } from '@/domain/messages';

/** The KYC and Campanas tabs of a customer (spec details §2). */

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
      <span className="inline-flex items-center gap-2">
        <span title={e.verification_url ?? ''} className="font-mono text-xs">
          {truncateUrl(e.verification_url)}
        </span>
        {e.verification_url ? <CopyUrl url={e.verification_url} partner={e.partner_id} /> : null}
      </span>
    ),
  },
  { header: kycText.document, cell: (e) => documentCaption(e.kyc_decision) },
  { header: kycText.created, cell: (e) => formatDateTime(e.created_date_time), className: 'whitespace-nowrap' },
  { header: kycText.verified, cell: (e) => formatDateTime(e.verification_date_time), className: 'whitespace-nowrap' },
  { header: kycText.partner, cell: (e) => <span className="font-mono text-xs">{e.partner_id}</span> },
];

/** Copies a verification URL whole (the table shows 50 characters) and says so. */
function CopyUrl({ url, partner }: { url: string; partner: string }) {
  return (
    <button
      type="button"
      aria-label={kycText.copy(partner)}
      className="rounded px-1.5 py-0.5 text-xs font-medium text-sky-800 ring-1 ring-slate-300 hover:bg-slate-50"
      onClick={() => {
        void navigator.clipboard.writeText(url).then(
          () => notify.success(KycLinkMsg.copied),
          () => notify.error(kycText.copyFailed),
        );
      }}
    >
      {kycText.copyLabel}
    </button>
  );
}

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

const campaignText = customerText.campaigns;

/** A campaign is active when now lies between its start and end (spec details §2). */
export const campaignActive = (c: Campaign, now: number) => Date.parse(c.startDate) <= now && now <= Date.parse(c.endDate);

/** Campanas: the campaigns the customer is in, each said active or not. */
export function CampaignsTab({ accountId, tab }: { accountId: number; tab: DetailTab<{ rows: Campaign[]; now: number }> }) {
  const columns = (now: number): TableColumn<Campaign>[] => [
    { header: campaignText.name, cell: (c) => c.name },
    { header: campaignText.type, cell: (c) => c.campaignType },
    { header: campaignText.group, cell: (c) => c.group ?? '' },
    { header: campaignText.start, cell: (c) => formatDateTime(c.startDate), className: 'whitespace-nowrap' },
    { header: campaignText.end, cell: (c) => formatDateTime(c.endDate), className: 'whitespace-nowrap' },
    {
      header: campaignText.state,
      cell: (c) => (campaignActive(c, now) ? <span className="font-semibold text-emerald-700">{campaignText.active}</span> : <span className="text-slate-600">{campaignText.inactive}</span>),
    },
  ];
  return <DetailTabView tab={tab}>{({ rows, now }) => <SimpleTable label={campaignText.label(accountId)} rows={rows} columns={columns(now)} rowKey={(c) => c.id} empty={Msg.emptyResult} />}</DetailTabView>;
}
