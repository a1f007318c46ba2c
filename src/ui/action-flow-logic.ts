import type { ActionHost } from './action-host';
import { actionFlowMachine, type ActionFlowInput, type ActionWork, type Answer, type Validation } from '@/machines/ui/action-flow.machine';

export type { Validation } from '@/machines/ui/action-flow.machine';

export interface ActionDefinition<TForm, TPayload, TAction = unknown> extends ActionFlowInput {
  /** Checks the form; returns the request payload or the spec's Spanish message. `action`: the action under way, as the flow was started with it. */
  validate: (form: TForm, action: TAction) => Validation<TPayload> | Promise<Validation<TPayload>>;
  /** Sends the request; resolves with an optional success text (and word, when the answer has its own). */
  perform: (payload: TPayload, action: TAction) => Promise<Answer>;
  /** Runs when the success dialog appears (reload what changed), with what the request answered. */
  onDone?: (data: unknown) => void;
  /** Runs when the person closes the success dialog (a work queue moves on then). */
  onSettled?: () => void;
}

/**
 * The action-flow chart as the screens run it: a failed request's message goes to the toast
 * (`notifyError`). The check and the request come with the event that starts each action
 * (`actionWork`), so the chart is built once and calls the action as the person started it.
 */
export function actionFlowLogic(notifyError: (message: string) => void) {
  return actionFlowMachine.provide({
    actions: {
      notifyError: ({ context }) => {
        if (context.errorMessage) notifyError(context.errorMessage);
      },
    },
  });
}

/**
 * An action's work as the chart runs it, from the screen's definition and the host the action
 * runs in: the host hears `acting` when the request leaves and `settled` when its result is closed.
 */
export function actionWork<TForm, TPayload, TAction>(definition: ActionDefinition<TForm, TPayload, TAction>, host: ActionHost | null): ActionWork {
  return {
    validate: (payload, action) => definition.validate(payload as TForm, action as TAction),
    perform: (payload, action) => {
      host?.acting();
      return definition.perform(payload as TPayload, action as TAction);
    },
    onDone: (data) => definition.onDone?.(data),
    onSettled: () => {
      definition.onSettled?.();
      host?.settled();
    },
  };
}

export function actionFlowInput(action: ActionFlowInput): ActionFlowInput {
  return {
    ...(action.successTitle ? { successTitle: action.successTitle } : {}),
    ...(action.successText ? { successText: action.successText } : {}),
    ...(action.confirm === false ? { confirm: false } : {}),
  };
}
