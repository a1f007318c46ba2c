import { fromPromise } from 'xstate';
import { actionFlowMachine, type ActionFlowInput, type ActorInput, type Answer, type Validation } from '@/machines/ui/action-flow.machine';
import { errorMessage } from '@/api/http';

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

/** The error as the flow shows it: the contract's Spanish message, or the catalogue's. */
const spoken = (error: unknown) => new Error(errorMessage(error));

/**
 * The action-flow chart with an action's work as its invoked actors (used by the hook and by the
 * model test): the check and the request run while their state lasts, and their answers go to the
 * chart as the actor's done or error event.
 */
export function actionFlowLogic<TForm, TPayload, TAction = unknown>(action: ActionDefinition<TForm, TPayload, TAction>, notifyError: (message: string) => void) {
  return actionFlowMachine.provide({
    actors: {
      validate: fromPromise<Validation<unknown>, ActorInput>(async ({ input }) => {
        try {
          return await action.validate(input.payload as TForm, input.action as TAction);
        } catch (error) {
          throw spoken(error);
        }
      }),
      perform: fromPromise<Answer, ActorInput>(async ({ input }) => {
        try {
          return await action.perform(input.payload as TPayload, input.action as TAction);
        } catch (error) {
          throw spoken(error);
        }
      }),
    },
    actions: {
      notifyError: ({ context }) => {
        if (context.errorMessage) notifyError(context.errorMessage);
      },
      completed: ({ context }) => action.onDone?.(context.data),
      settled: () => action.onSettled?.(),
    },
  });
}

export function actionFlowInput(action: ActionFlowInput): ActionFlowInput {
  return {
    ...(action.successTitle ? { successTitle: action.successTitle } : {}),
    ...(action.successText ? { successText: action.successText } : {}),
    ...(action.confirm === false ? { confirm: false } : {}),
  };
}
