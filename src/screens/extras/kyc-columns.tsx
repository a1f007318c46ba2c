import type { KycDecision } from '@/api/contract/extras';
import { documentCaption, kycStatusLabel } from '@/domain/kyc';
import { formatDateTime } from '@/domain/time';
import type { Column } from '@/ui/data-grid';
import { CustomerLink } from '@/ui/links';
import { KycUrl } from '@/features/customer/kyc-url';
import { extrasText } from '@/i18n/es-extras';
import { yesNo } from '@/i18n';

const c = extrasText.kyc.columns;

function AccountCell({ reference }: { reference: string }) {
  // The partner reference is the customer's account id; anything else is shown as it came.
  return /^\d{1,12}$/.test(reference) ? <CustomerLink id={Number(reference)} /> : <>{reference}</>;
}

/** What a reviewer reads first comes first: the grid draws the columns that fit and scrolls to the rest. */
export const KYC_COLUMNS: Column<KycDecision>[] = [
  { headerName: c.id, field: 'id', width: 90 },
  { headerName: c.account, field: 'partner_ref', cellRenderer: (p: { data: KycDecision }) => <AccountCell reference={p.data.partner_ref} />, width: 120 },
  { headerName: c.status, colId: 'status', valueGetter: (p) => (p.data ? kycStatusLabel(p.data.status) : ''), width: 120 },
  { headerName: c.url, field: 'verification_url', cellRenderer: (p: { data: KycDecision }) => <KycUrl url={p.data.verification_url} />, width: 400 },
  { headerName: c.document, colId: 'document', valueGetter: (p) => documentCaption(p.data?.kyc_decision), width: 220 },
  { headerName: c.ip, colId: 'ip', valueGetter: (p) => p.data?.kyc_decision?.technicalData?.ip ?? '', width: 140 },
  { headerName: c.created, colId: 'created', valueGetter: (p) => formatDateTime(p.data?.created_date_time), width: 150 },
  { headerName: c.verified, colId: 'verified', valueGetter: (p) => formatDateTime(p.data?.verification_date_time), width: 150 },
  { headerName: c.media, colId: 'media', valueGetter: (p) => (p.data ? yesNo(p.data.has_media) : ''), width: 90 },
  { headerName: c.partnerId, field: 'partner_id', width: 300 },
];
