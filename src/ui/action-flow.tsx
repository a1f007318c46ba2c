import { useContext, type FormEvent, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { showsForm, type actionFlowMachine, type FormValue } from '@/machines/ui/action-flow.machine';
import { actionFlowInput, actionFlowLogic, actionWork, type ActionDefinition } from './action-flow-logic';
import { Dialog, type DialogProps } from './dialog';
import { Button } from './button';
import { Spinner } from './spinner';
import { ConfirmDialog } from './confirm-dialog';
import { notify } from './toast';
import { ActionHostContext } from './action-host';
import { t } from '@/i18n';

/** The one chart every action flow runs: its errors go to the toast. */
const logic = actionFlowLogic(notify.error);

/**
 * Binds an action to the action-flow chart: its form (held by the chart), validation, "Estas seguro?", "Esperando Respuesta!",
 * then "Listo!" (or the action's own word) or the error toast of the catalogue.
 */
export function useActionFlow<TForm, TPayload, TAction = unknown>(action: ActionDefinition<TForm, TPayload, TAction>) {
  // A work queue or a live detail page hosting this flow hears when its request leaves (the change
  // it makes is the person's own) and when its result is closed (the queue moves on).
  const host = useContext(ActionHostContext);
  // The success word and text are read once, when the flow starts.
  const actor = useActorRef(logic, { input: actionFlowInput(action) });
  const busy = useSelector(actor, (s) => s.matches('validating') || s.matches('confirming') || s.matches('waiting'));
  const invalidMessage = useSelector(actor, (s) => (s.matches('invalid') ? s.context.invalidMessage : null));
  const done = useSelector(actor, (s) => s.matches('done'));
  // The form the chart holds: whether it shows now, and what is typed in it.
  const editing = useSelector(actor, showsForm);
  const form = useSelector(actor, (s) => s.context.form) as TForm | null;
  const current = useSelector(actor, (s) => s.context.action) as TAction | null;
  return {
    actor,
    busy,
    done,
    invalidMessage,
    editing,
    form,
    /** The action under way, as it was started. */
    current,
    /** An action without a form of the chart's: its payload goes to the check. */
    // Each action starts with its work as the screen defines it now (its closures change with the
    // data it acts on, as a card's "add" becomes "remove"): the chart calls that one to the end.
    submit: (payload: TForm, successTitle?: string, current?: TAction) =>
      actor.send({ type: 'action.submit', payload, work: actionWork(action, host), ...(successTitle ? { successTitle } : {}), ...(current === undefined ? {} : { action: current }) }),
    /** Opens the action's form with its starting value. */
    open: (value: TForm, successTitle?: string, current?: TAction) =>
      actor.send({ type: 'form.open', value: value as FormValue, work: actionWork(action, host), ...(successTitle ? { successTitle } : {}), ...(current === undefined ? {} : { action: current }) }),
    change: (patch: Partial<TForm>) => actor.send({ type: 'form.change', patch: patch as FormValue }),
    /** The form's submit: the chart checks what it holds. */
    submitForm: (event?: FormEvent) => {
      event?.preventDefault();
      actor.send({ type: 'form.submit' });
    },
    cancelForm: () => actor.send({ type: 'form.cancel' }),
  };
}

/**
 * What a flow's result dialog shows of the answer's data beside its word and text, for a flow
 * whose answer is a report rather than a success (a bulk decision: each entry's result).
 */
export interface FlowResultView {
  /** Drawn under the text: what the data says (each entry, named). */
  body: (data: unknown) => ReactNode;
  /** The closing button's word. */
  close: string;
  /** The dialog's tone for this answer. */
  tone: (data: unknown) => NonNullable<DialogProps['tone']>;
}

/** The dialogs of one action flow; render it next to the form or button that starts the action. */
export function ActionFlowDialogs({ actor, result }: { actor: ActorRefFrom<typeof actionFlowMachine>; result?: FlowResultView }) {
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const waiting = useSelector(actor, (s) => s.matches('waiting'));
  const done = useSelector(actor, (s) => s.matches('done'));
  const successTitle = useSelector(actor, (s) => s.context.successTitle);
  const successText = useSelector(actor, (s) => s.context.successText);
  const question = useSelector(actor, (s) => s.context.question);
  const data = useSelector(actor, (s) => s.context.data);
  return (
    <>
      <ConfirmDialog open={confirming} question={question ?? undefined} onCancel={() => actor.send({ type: 'dialog.cancel' })} onConfirm={() => actor.send({ type: 'dialog.confirm' })} />
      <Dialog open={waiting} title={t.actionFlow.waitingTitle} role="alertdialog">
        <Spinner label={t.actionFlow.waitingText} />
      </Dialog>
      <Dialog
        open={done}
        title={successTitle}
        description={successText ?? undefined}
        tone={result ? result.tone(data) : 'success'}
        onClose={() => actor.send({ type: 'dialog.close' })}
        footer={<Button onClick={() => actor.send({ type: 'dialog.close' })}>{result?.close ?? t.actionFlow.ok}</Button>}
      >
        {done && result ? result.body(data) : null}
      </Dialog>
    </>
  );
}
