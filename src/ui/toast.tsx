import { lazy, Suspense, useEffect } from 'react';

/**
 * Toasts load after the first paint (sonner stays out of the sign-in bundle). A toast raised
 * before the toaster is mounted waits for it rather than getting lost.
 */
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

const LazyToaster = lazy(async () => {
  const { Toaster: Sonner } = await import('sonner');
  function Mounted() {
    useEffect(() => markReady(), []);
    return <Sonner position="top-right" richColors closeButton duration={5000} />;
  }
  return { default: Mounted };
});

export function Toaster() {
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

type Kind = 'error' | 'success' | 'warning' | 'info';

function show(kind: Kind, message: string) {
  void Promise.all([import('sonner'), ready]).then(([{ toast }]) => {
    if (kind === 'info') toast(message);
    else toast[kind](message);
  });
}

/** Error toasts of the catalogue, success notes and warnings: one place, one look. */
export const notify = {
  error: (message: string) => show('error', message),
  success: (message: string) => show('success', message),
  warning: (message: string) => show('warning', message),
  info: (message: string) => show('info', message),
};
