import { useNavigate } from '@tanstack/react-router';
import { IdentificationIcon } from '@heroicons/react/24/outline';
import { useSession } from '@/ui/session';
import { writeKycList } from '@/machines/session/session-store';
import { t } from '@/i18n';

/** The KYC counter: a double-click stores the list and opens the orders screen showing it. */
export function KycCounter() {
  const verifications = useSession((c) => c.kycVerifications);
  const navigate = useNavigate();
  return (
    <button
      type="button"
      title={t.topbar.kycHint}
      aria-label={`${t.topbar.kyc}: ${verifications.length}. ${t.topbar.kycHint}`}
      onDoubleClick={() => {
        writeKycList(window.localStorage, verifications);
        void navigate({ to: '/admin/orders', search: { kyc: true } });
      }}
      className="inline-flex items-center gap-1 rounded-full px-2.5 py-1.5 text-sm font-semibold text-amber-800 ring-1 ring-amber-300 hover:bg-amber-50"
    >
      <IdentificationIcon aria-hidden className="size-5" />
      <span data-testid="kyc-count">{verifications.length}</span>
    </button>
  );
}
