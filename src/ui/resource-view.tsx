import { useMemo, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { resourceMachine } from '@/machines/ui/resource.machine';
import { errorMessage } from '@/api/http';
import { Button } from './button';
import { Spinner } from './spinner';
import { t } from '@/i18n';

/**
 * Loads a piece of read-only data through the resource chart and renders the state it is in:
 * a spinner, the data, or the error with a retry button.
 */
export function useResource<T>(load: () => Promise<T>) {
  const logic = useMemo(
    () =>
      resourceMachine.provide({
        actions: {
          load: ({ self }) => {
            load().then(
              (data) => self.send({ type: 'load.succeeded', data }),
              (error: unknown) => self.send({ type: 'load.failed', message: errorMessage(error) }),
            );
          },
        },
      }),
    // The loader is fixed for the life of the component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(logic);
  const state = useSelector(actor, (s) => s.value as 'loading' | 'loaded' | 'failed');
  const data = useSelector(actor, (s) => s.context.data as T | null);
  const error = useSelector(actor, (s) => s.context.error);
  return { actor, state, data, error };
}

export function ResourceView<T>({ resource, children }: { resource: ReturnType<typeof useResource<T>>; children: (data: T) => ReactNode }) {
  const { state, data, error, actor } = resource;
  if (state === 'loading') return <Spinner label={t.app.loading} />;
  if (state === 'failed') {
    return (
      <div role="alert" className="flex items-center gap-3 rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
        <span>{error}</span>
        <Button variant="secondary" onClick={() => actor.send({ type: 'resource.retry' })}>
          {t.app.retry}
        </Button>
      </div>
    );
  }
  return <>{children(data as T)}</>;
}
