import type { Campaign, KycDecisionStatus, KycHistoryEntry } from '@/api/contract/customer-detail';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import { documentCaption, kycStatusLabel, translateKycMessage } from '@/domain/kyc';
import { KycUrl } from '@/features/customer/kyc-url';
import { formatDateTime } from '@/domain/time';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { KeyValues, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { customerText } from '@/i18n/es-customer';
import { Msg } from '@/domain/messages';
import { customerCampaigns } from '@/machines/customer/campaigns.machine';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';

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
    cell: (e) => <KycUrl url={e.verification_url} />,
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

const campaignText = customerText.campaigns;

/** A campaign is active when now lies between its start and end (spec details §2). */
export const campaignActive = (c: Campaign, now: number) => Date.parse(c.startDate) <= now && now <= Date.parse(c.endDate);

/** Campanas: the campaigns the customer is in, each said active or not. */
export function CampaignsTab({ accountId, tab }: { accountId: number; tab: DetailTab<{ rows: Campaign[]; charts: readonly ChartSnapshot[] | undefined; now: number }> }) {
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
  // The sync: the customer's profile to the campaign engine, which decides who is in which campaign
  // (not again for a while after one: the chart as the server restores it, carried by the list read).
  const sync = (charts: readonly ChartSnapshot[] | undefined) => snapshotPart(charts, { lifecycle: customerCampaigns, subject: { accountId } });
  return (
    <DetailTabView tab={tab}>
      {({ rows, charts, now }) => (
        <div className="space-y-3">
          <ChartActions label={campaignText.actions(accountId)} parts={[sync(charts)]} onDone={tab.refresh} />
          <SimpleTable label={campaignText.label(accountId)} rows={rows} columns={columns(now)} rowKey={(c) => c.id} empty={Msg.emptyResult} />
        </div>
      )}
    </DetailTabView>
  );
}
