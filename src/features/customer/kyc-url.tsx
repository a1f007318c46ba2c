import { truncateUrl } from '@/domain/kyc';
import { Msg } from '@/domain/messages';
import { notify } from '@/ui/toast';

/** Copies the whole URL (the cell shows its first 50 characters) and says so. */
function copyUrl(url: string) {
  // No clipboard outside a secure context: say so rather than fail silently.
  const writing = navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject(new Error('clipboard'));
  writing.then(
    () => notify.success(Msg.urlCopied),
    () => notify.error(Msg.urlCopyFailed),
  );
}

/** A KYC verification URL in a table (spec details §9: truncated to 50 characters): a click copies it whole. */
export function KycUrl({ url }: { url: string | null }) {
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
