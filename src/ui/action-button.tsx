import type { ReactNode } from 'react';
import type { Validation } from './action-flow-logic';
import { ActionFlowDialogs, useActionFlow } from './action-flow';
import { Button, type ButtonProps } from './button';
import { FlowFormDialog } from './flow-form';
import { t } from '@/i18n';

/*
 * Actions whose button may disappear because of the action itself (an approved order has no
 * "Aprobar", a linked transfer leaves the list) keep their flow in a component that stays: the
 * hooks below return the dialogs to render there, and the button is rendered wherever it goes.
 */

interface Outcome {
  /** The success dialog's word ("Aprobado!", "Cancelada!"…); "Listo!" when absent. */
  successTitle?: string;
  /** Runs when the success dialog appears (reload what changed). */
  onDone?: () => void;
}

export interface ConfirmActionDefinition<TTarget> extends Outcome {
  /** Sends the request for a target (what the button stands for); resolves with an optional success text. */
  perform: (target: TTarget) => Promise<string | void>;
  /** The question under "Estas seguro?" for that target (which action on what); none: the title alone. */
  question?: (target: TTarget) => string;
}

/** An action that needs no form: "Estas seguro?", the wait, then the result. */
export function useConfirmAction<TTarget = null>({ perform, successTitle, onDone, question }: ConfirmActionDefinition<TTarget>) {
  const flow = useActionFlow<TTarget, TTarget>({
    validate: (target) => ({ ok: true, payload: target, ...(question ? { question: question(target) } : {}) }),
    perform,
    ...(successTitle ? { successTitle } : {}),
    ...(onDone ? { onDone } : {}),
  });
  return {
    busy: flow.busy,
    start: (target: TTarget) => flow.submit(target),
    dialogs: <ActionFlowDialogs actor={flow.actor} />,
  };
}

export interface ActionButtonProps extends Outcome {
  label: ReactNode;
  /** The button's accessible name when the label alone is ambiguous (one per row). */
  ariaLabel?: string;
  variant?: ButtonProps['variant'];
  perform: () => Promise<string | void>;
}

/** A button and its confirm flow, for actions that leave the button in place. */
export function ActionButton({ label, ariaLabel, variant = 'secondary', ...definition }: ActionButtonProps) {
  const action = useConfirmAction<null>(definition);
  return (
    <>
      <Button variant={variant} aria-label={ariaLabel} disabled={action.busy} onClick={() => action.start(null)}>
        {label}
      </Button>
      {action.dialogs}
    </>
  );
}

export interface FormActionDefinition<TForm, TPayload> extends Outcome {
  /** The dialog's title. */
  title: string;
  description?: ReactNode;
  /** The form as it opens (computed each time it opens). */
  initial: () => TForm;
  /** Checks the form; the first failing rule's Spanish message shows above the buttons. */
  validate: (form: TForm) => Validation<TPayload>;
  perform: (payload: TPayload) => Promise<string | void>;
  submitLabel?: string;
  /** The form's fields. */
  children: (form: TForm, change: (patch: Partial<TForm>) => void) => ReactNode;
}

/**
 * A form dialog, then the action flow: the form stays until it is valid, the question and the
 * wait take its place (two dialogs never stack), a failure brings it back with what was typed,
 * success closes it.
 */
export function useFormAction<TForm, TPayload>({
  title,
  description,
  initial,
  validate,
  perform,
  submitLabel = t.actionFlow.accept,
  successTitle,
  onDone,
  children,
}: FormActionDefinition<TForm, TPayload>) {
  const flow = useActionFlow<TForm, TPayload>({
    validate,
    perform,
    ...(successTitle ? { successTitle } : {}),
    ...(onDone ? { onDone } : {}),
  });
  return {
    open: () => flow.open(initial()),
    dialogs: (
      <>
        <FlowFormDialog flow={flow} title={title} description={description} submitLabel={submitLabel}>
          {flow.form === null ? null : children(flow.form, flow.change)}
        </FlowFormDialog>
        <ActionFlowDialogs actor={flow.actor} />
      </>
    ),
  };
}

export interface FormActionProps<TForm, TPayload> extends FormActionDefinition<TForm, TPayload> {
  label: ReactNode;
  ariaLabel?: string;
  variant?: ButtonProps['variant'];
}

/** A button that opens a form dialog, then the action flow. */
export function FormAction<TForm, TPayload>({ label, ariaLabel, variant = 'secondary', ...definition }: FormActionProps<TForm, TPayload>) {
  const action = useFormAction(definition);
  return (
    <>
      <Button variant={variant} aria-label={ariaLabel} onClick={action.open}>
        {label}
      </Button>
      {action.dialogs}
    </>
  );
}
