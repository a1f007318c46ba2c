import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { actionFlowMachine } from '@/machines/ui/action-flow.machine';
import { useIsEditor, usePermission } from '@/ui/session';

type FlowActor = ActorRefFrom<typeof actionFlowMachine>;

/**
 * Whether a form dialog shows: while the flow has not left the form (idle, invalid, checking,
 * or back after a failure). The question, the wait and "Listo!" take its place, so two dialogs
 * never stack.
 */
export function useFormStage(actor: FlowActor): boolean {
  return useSelector(actor, (s) => s.matches('idle') || s.matches('invalid') || s.matches('validating') || s.matches('failed'));
}

/** Leaves the form: from an invalid submission or a failure the flow goes back to idle. */
export function leaveForm(actor: FlowActor) {
  actor.send({ type: 'dialog.cancel' });
  actor.send({ type: 'dialog.close' });
}

/** Whether the user may use a mutating control: the editor flag and the action's permission (the column appears only then). */
export function useCanEdit(permission: string): boolean {
  const editor = useIsEditor();
  const allowed = usePermission(permission);
  return editor && allowed;
}
