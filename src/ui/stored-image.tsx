import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { getStoredImage } from '@/api/remittance';
import { errorMessage } from '@/api/http';
import { storedImageMachine } from '@/machines/ui/stored-image.machine';
import { useServices } from './session';
import { Spinner } from './spinner';
import { remittanceText } from '@/i18n/es-remittance';

/**
 * An uploaded image (identity document, receipt): read with the staff member's token when asked
 * for, shown in place, on the stored-image chart (closing it while it loads stops the read).
 * Nothing is linked to directly, so the file never leaves the session.
 */
export function StoredImage({ url, label }: { url: string | null; label: string }) {
  if (!url) return <>{remittanceText.none}</>;
  return <ShownImage key={url} url={url} label={label} />;
}

function ShownImage({ url, label }: { url: string; label: string }) {
  const services = useServices();
  const logic = useMemo(
    () =>
      storedImageMachine.provide({
        actors: {
          load: fromPromise(async () => {
            try {
              return await getStoredImage(services, url);
            } catch (error) {
              throw new Error(errorMessage(error), { cause: error });
            }
          }),
        },
      }),
    [services, url],
  );
  const actor = useActorRef(logic);
  const state = useSelector(actor, (s) => s.value as 'closed' | 'loading' | 'shown' | 'failed');
  const { src, error } = useSelector(actor, (s) => s.context);
  const open = state !== 'closed';
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button type="button" className="text-sm font-medium text-brand-700 underline hover:text-brand-800" onClick={() => actor.send({ type: 'image.toggle' })} aria-expanded={open}>
        {open ? remittanceText.image.hide(label) : remittanceText.image.show(label)}
      </button>
      {state === 'loading' ? <Spinner label={remittanceText.image.loading} /> : null}
      {state === 'failed' ? (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
      {state === 'shown' && src ? <img src={src} alt={label} className="max-h-64 max-w-full rounded ring-1 ring-slate-200" /> : null}
    </span>
  );
}
