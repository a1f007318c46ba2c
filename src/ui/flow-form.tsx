import type { ReactNode } from 'react';
import type { useActionFlow } from './action-flow';
import { Dialog } from './dialog';
import { FormFooter } from './form-footer';
import { t } from '@/i18n';

type Flow = Pick<ReturnType<typeof useActionFlow>, 'editing' | 'invalidMessage' | 'submitForm' | 'cancelForm'>;

/**
 * The form stage of an action flow, as a dialog: open while the chart holds the form (editing,
 * being checked, refused, or back after a failure); the question, the wait and the result take
 * its place, so two dialogs never stack. Closing it sends `form.cancel`.
 */
export function FlowFormDialog({
  flow,
  title,
  description,
  submitLabel = t.actionFlow.accept,
  cancelLabel = t.actionFlow.cancel,
  children,
}: {
  flow: Flow;
  title: string;
  description?: ReactNode;
  submitLabel?: string;
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={flow.editing} title={title} description={description} onClose={flow.cancelForm}>
      <form onSubmit={flow.submitForm} noValidate className="space-y-3">
        {children}
        <FormFooter invalidMessage={flow.invalidMessage} onCancel={flow.cancelForm} cancelLabel={cancelLabel} submitLabel={submitLabel} />
      </form>
    </Dialog>
  );
}
