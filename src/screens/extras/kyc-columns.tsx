import type { KycDecision } from '@/api/contract/extras';
import { documentCaption, kycStatusLabel, truncateUrl } from '@/domain/kyc';
import { formatDateTime } from '@/domain/time';
import type { Column } from '@/ui/data-grid';
import { CustomerLink } from '@/ui/links';
import { notify } from '@/ui/toast';
import { extrasText } from '@/i18n/es-extras';
import { yesNo } from '@/i18n';

const c = extrasText.kyc.columns;

/** Copies the whole URL (the cell shows its first 50 characters). */
function copyUrl(url: string) {
  // No clipboard outside a secure context: say so rather than fail silently.
  const writing = navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject(new Error('clipboard'));
  writing.then(
    () => notify.success(extrasText.kyc.copied),
    () => notify.error(extrasText.kyc.copyFailed),
  );
}

function UrlCell({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <button
      type="button"
      title={url}
      onClick={() => copyUrl(url)}
      className="font-mono text-xs text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-900"
    >
      {truncateUrl(url)}
    </button>
  );
}

function AccountCell({ reference }: { reference: string }) {
  // The partner reference is the customer's account id; anything else is shown as it came.
  return /^\d{1,12}$/.test(reference) ? <CustomerLink id={Number(reference)} /> : <>{reference}</>;
}

/** What a reviewer reads first comes first: the grid draws the columns that fit and scrolls to the rest. */
export const KYC_COLUMNS: Column<KycDecision>[] = [
  { headerName: c.id, field: 'id', width: 90 },
  { headerName: c.account, field: 'partner_ref', cellRenderer: (p: { data: KycDecision }) => <AccountCell reference={p.data.partner_ref} />, width: 120 },
  { headerName: c.status, colId: 'status', valueGetter: (p) => (p.data ? kycStatusLabel(p.data.status) : ''), width: 120 },
  { headerName: c.url, field: 'verification_url', cellRenderer: (p: { data: KycDecision }) => <UrlCell url={p.data.verification_url} />, width: 400 },
  { headerName: c.document, colId: 'document', valueGetter: (p) => documentCaption(p.data?.kyc_decision), width: 220 },
  { headerName: c.ip, colId: 'ip', valueGetter: (p) => p.data?.kyc_decision?.technicalData?.ip ?? '', width: 140 },
  { headerName: c.created, colId: 'created', valueGetter: (p) => formatDateTime(p.data?.created_date_time), width: 150 },
  { headerName: c.verified, colId: 'verified', valueGetter: (p) => formatDateTime(p.data?.verification_date_time), width: 150 },
  { headerName: c.media, colId: 'media', valueGetter: (p) => (p.data ? yesNo(p.data.has_media) : ''), width: 90 },
  { headerName: c.partnerId, field: 'partner_id', width: 300 },
];
