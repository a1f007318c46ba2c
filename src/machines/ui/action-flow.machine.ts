import { assign, setup } from 'xstate';
import { Msg } from '@/domain/messages';

/**
 * The one flow every mutating action goes through (spec lists §4, details §1):
 * validate → confirm ("Estas seguro?") → wait ("Esperando Respuesta!") → done ("Listo!" or the
 * action's own word) or failed (error toast). The chart is pure; `validate`, `perform` and the
 * notifications are named effects the host provides (src/ui/action-flow.tsx).
 */

export interface ActionFlowInput {
  /** The word of the success dialog: "Listo!" unless the action has its own ("Aprobado!"...). */
  successTitle?: string;
  successText?: string;
  /** Some actions (creating a note) skip the question and go straight to waiting. */
  confirm?: boolean;
}

export interface ActionFlowContext {
  /** What the user submitted, kept for the request. */
  payload: unknown;
  /** The validation message shown next to the form. */
  invalidMessage: string | null;
  /** The message of the last failed request (already toasted). */
  errorMessage: string | null;
  successTitle: string;
  successText: string | null;
  confirm: boolean;
  /** The question under "Estas seguro?": which action on which entity. */
  question: string | null;
}

export type ActionFlowEvent =
  /** `successTitle`: the word of this action's success dialog, when one flow serves several actions. */
  | { type: 'action.submit'; payload: unknown; successTitle?: string }
  | { type: 'validation.passed'; payload?: unknown; question?: string }
  | { type: 'validation.failed'; message: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  /** `title`: the answer's own word (an action that now waits for a second person's approval). */
  | { type: 'request.succeeded'; text?: string; title?: string }
  | { type: 'request.failed'; message: string }
  | { type: 'dialog.close' };

export const actionFlowMachine = setup({
  types: {
    context: {} as ActionFlowContext,
    events: {} as ActionFlowEvent,
    input: {} as ActionFlowInput | undefined,
  },
  actions: {
    // Named effects: the host provides them.
    validate: () => {},
    perform: () => {},
    notifyError: () => {},
    completed: () => {},
    /** The person closed the success dialog. */
    settled: () => {},
    assignPayload: assign(({ event }) =>
      event.type === 'action.submit' ? { payload: event.payload, ...(event.successTitle ? { successTitle: event.successTitle } : {}) } : {},
    ),
    assignValidated: assign(({ context, event }) =>
      event.type === 'validation.passed'
        ? { payload: event.payload !== undefined ? event.payload : context.payload, question: event.question ?? null }
        : { payload: context.payload },
    ),
    assignInvalid: assign(({ event }) => (event.type === 'validation.failed' ? { invalidMessage: event.message } : {})),
    clearMessages: assign({ invalidMessage: null, errorMessage: null }),
    assignError: assign(({ event }) => (event.type === 'request.failed' ? { errorMessage: event.message } : {})),
    assignSuccess: assign(({ context, event }) =>
      event.type === 'request.succeeded'
        ? { successText: event.text ?? context.successText, successTitle: event.title ?? context.successTitle }
        : { successText: context.successText },
    ),
  },
  guards: {
    needsConfirmation: ({ context }) => context.confirm,
  },
}).createMachine({
  id: 'actionFlow',
  context: ({ input }) => ({
    payload: null,
    invalidMessage: null,
    errorMessage: null,
    successTitle: input?.successTitle ?? Msg.done,
    successText: input?.successText ?? null,
    confirm: input?.confirm ?? true,
    question: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'action.submit': { target: 'validating', actions: ['clearMessages', 'assignPayload'] } },
    },
    validating: {
      entry: 'validate',
      on: {
        'validation.passed': [
          { guard: 'needsConfirmation', target: 'confirming', actions: 'assignValidated' },
          { target: 'waiting', actions: 'assignValidated' },
        ],
        'validation.failed': { target: 'invalid', actions: 'assignInvalid' },
      },
    },
    invalid: {
      on: {
        'action.submit': { target: 'validating', actions: ['clearMessages', 'assignPayload'] },
        'dialog.cancel': { target: 'idle', actions: 'clearMessages' },
      },
    },
    confirming: {
      on: {
        'dialog.confirm': { target: 'waiting' },
        'dialog.cancel': { target: 'idle' },
      },
    },
    waiting: {
      entry: 'perform',
      on: {
        'request.succeeded': { target: 'done', actions: 'assignSuccess' },
        'request.failed': { target: 'failed', actions: ['assignError', 'notifyError'] },
      },
    },
    done: {
      entry: 'completed',
      on: { 'dialog.close': { target: 'idle', actions: 'settled' } },
    },
    failed: {
      on: {
        'action.submit': { target: 'validating', actions: ['clearMessages', 'assignPayload'] },
        'dialog.close': { target: 'idle', actions: 'clearMessages' },
      },
    },
  },
});

export type ActionFlowMachine = typeof actionFlowMachine;
