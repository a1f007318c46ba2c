import { actionFlowMachine, type ActionFlowInput } from '@/machines/ui/action-flow.machine';
import { errorMessage } from '@/api/http';

/** A form checked: its payload (and the confirm question that names it), or the spec's Spanish message. */
export type Validation<TPayload> = { ok: true; payload: TPayload; question?: string } | { ok: false; message: string };

export interface ActionDefinition<TForm, TPayload> extends ActionFlowInput {
  /** Checks the form; returns the request payload or the spec's Spanish message. */
  validate: (form: TForm) => Validation<TPayload> | Promise<Validation<TPayload>>;
  /** Sends the request; resolves with an optional success text (and word, when the answer has its own). */
  perform: (payload: TPayload) => Promise<string | { title: string; text: string } | void>;
  /** Runs when the success dialog appears (reload what changed). */
  onDone?: () => void;
  /** Runs when the person closes the success dialog (a work queue moves on then). */
  onSettled?: () => void;
}

/** The action-flow chart with an action's effects bound to it (used by the hook and by the model test). */
export function actionFlowLogic<TForm, TPayload>(action: ActionDefinition<TForm, TPayload>, notifyError: (message: string) => void) {
  return actionFlowMachine.provide({
    actions: {
      validate: ({ context, self }) => {
        Promise.resolve()
          .then(() => action.validate(context.payload as TForm))
          .then(
            (result) =>
              self.send(
                result.ok
                  ? { type: 'validation.passed', payload: result.payload, ...(result.question ? { question: result.question } : {}) }
                  : { type: 'validation.failed', message: result.message },
              ),
            (error: unknown) => self.send({ type: 'validation.failed', message: errorMessage(error) }),
          );
      },
      perform: ({ context, self }) => {
        action.perform(context.payload as TPayload).then(
          (answer) => self.send({ type: 'request.succeeded', ...(typeof answer === 'string' ? { text: answer } : (answer ?? {})) }),
          (error: unknown) => self.send({ type: 'request.failed', message: errorMessage(error) }),
        );
      },
      notifyError: ({ context }) => {
        if (context.errorMessage) notifyError(context.errorMessage);
      },
      completed: () => action.onDone?.(),
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
