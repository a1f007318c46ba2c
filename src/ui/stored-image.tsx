import { useState } from 'react';
import { getStoredImage } from '@/api/remittance';
import { errorMessage } from '@/api/http';
import { useServices } from './session';
import { Spinner } from './spinner';
import { remittanceText } from '@/i18n/es-remittance';

/**
 * An uploaded image (identity document, receipt): read with the staff member's token when asked
 * for, shown in place. Nothing is linked to directly, so the file never leaves the session.
 */
export function StoredImage({ url, label }: { url: string | null; label: string }) {
  const services = useServices();
  const [shown, setShown] = useState<{ src: string | null; error: string | null; loading: boolean; open: boolean }>({ src: null, error: null, loading: false, open: false });
  if (!url) return <>{remittanceText.none}</>;
  const toggle = () => {
    if (shown.open) return setShown({ ...shown, open: false });
    if (shown.src) return setShown({ ...shown, open: true });
    setShown({ src: null, error: null, loading: true, open: true });
    getStoredImage(services, url).then(
      (src) => setShown({ src, error: null, loading: false, open: true }),
      (error: unknown) => setShown({ src: null, error: errorMessage(error), loading: false, open: true }),
    );
  };
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button type="button" className="text-sm font-medium text-brand-700 underline hover:text-brand-800" onClick={toggle} aria-expanded={shown.open}>
        {shown.open ? remittanceText.image.hide(label) : remittanceText.image.show(label)}
      </button>
      {shown.open && shown.loading ? <Spinner label={remittanceText.image.loading} /> : null}
      {shown.open && shown.error ? (
        <span role="alert" className="text-xs text-red-700">
          {shown.error}
        </span>
      ) : null}
      {shown.open && shown.src ? <img src={shown.src} alt={label} className="max-h-64 max-w-full rounded ring-1 ring-slate-200" /> : null}
    </span>
  );
}

