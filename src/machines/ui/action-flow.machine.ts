import { assign, fromPromise, setup } from 'xstate';
import { Msg } from '@/domain/messages';
import type { Validation } from '@/machines/lifecycle/form';

/**
 * The one flow every mutating action goes through (spec lists §4, details §1):
 * the form (when the action asks for input) → validate → confirm ("Estas seguro?") → wait
 * ("Esperando Respuesta!") → done ("Listo!" or the action's own word) or failed (error toast, and
 * the form again with what was typed). The chart holds the open form's value; the screen renders
 * the chart's state and sends its events. Checking and sending are invoked actors (`validate`,
 * `perform`) the host provides (src/ui/action-flow-logic.ts): leaving their state stops them, so
 * an answer that comes after the form was closed changes nothing.
 */

/** A form checked (its payload and the confirm question, or the spec's Spanish message): the table's own type. */
export type { Validation };

/** What a request answered: an optional success text, or a word and a text of its own (four-eyes), and the answer's data for whoever goes on from it. */
export type Answer = string | { title?: string; text?: string; data?: unknown } | void;

export interface ActionFlowInput {
  /** The word of the success dialog: "Listo!" unless the action has its own ("Aprobado!"...). */
  successTitle?: string;
  successText?: string;
  /** Some actions (creating a note) skip the question and go straight to waiting. */
  confirm?: boolean;
}

/** A form's value as the chart keeps it: named fields. */
export type FormValue = Readonly<Record<string, unknown>>;

export interface ActionFlowContext {
  /** Which action is under way, as the host names it (a chart's row and its entity): the check and the request read it. */
  action: unknown;
  /** The open form's value; null when the action under way asks for no input. */
  form: FormValue | null;
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
  /** What the last request answered (a new customer's number opens its page). */
  data: unknown;
}

export type ActionFlowEvent =
  /** An action without a form of the chart's (a button, or a form the screen keeps): its payload. `successTitle`: the word of this action's success dialog, when one flow serves several actions. */
  | { type: 'action.submit'; payload: unknown; successTitle?: string; action?: unknown }
  /** An action that asks for input: its form opens with this value. */
  | { type: 'form.open'; value: FormValue; successTitle?: string; action?: unknown }
  /** Fields typed or chosen. */
  | { type: 'form.change'; patch: FormValue }
  | { type: 'form.submit' }
  /** The form closed ("Cancelar", Escape): nothing is sent, and a check under way is dropped. */
  | { type: 'form.cancel' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'dialog.close' };

/** What the check and the request are given: the payload and the action under way. */
export interface ActorInput {
  payload: unknown;
  action: unknown;
}

const SUBMIT = { target: 'validating', actions: ['clearMessages', 'assignPayload'] } as const;
const SUBMIT_FORM = { target: 'validating', actions: ['clearMessages', 'payloadFromForm'] } as const;
const OPEN_FORM = { target: 'editing', actions: ['clearMessages', 'openForm'] } as const;

export const actionFlowMachine = setup({
  types: {
    context: {} as ActionFlowContext,
    events: {} as ActionFlowEvent,
    input: {} as ActionFlowInput | undefined,
  },
  actors: {
    // The host provides both; these stand-ins pass everything and answer nothing.
    validate: fromPromise<Validation<unknown>, ActorInput>(async ({ input }) => ({ ok: true, payload: input.payload })),
    perform: fromPromise<Answer, ActorInput>(async () => undefined),
  },
  actions: {
    // Named effects: the host provides them.
    notifyError: () => {},
    completed: () => {},
    /** The person closed the success dialog. */
    settled: () => {},
    assignPayload: assign(({ event }) =>
      event.type === 'action.submit' ? { form: null, payload: event.payload, action: event.action ?? null, ...(event.successTitle ? { successTitle: event.successTitle } : {}) } : {},
    ),
    openForm: assign(({ event }) =>
      event.type === 'form.open' ? { form: event.value, payload: null, action: event.action ?? null, ...(event.successTitle ? { successTitle: event.successTitle } : {}) } : {},
    ),
    changeForm: assign(({ context, event }) => (event.type === 'form.change' ? { form: { ...context.form, ...event.patch } } : {})),
    payloadFromForm: assign(({ context }) => ({ payload: context.form })),
    assignValidated: assign(({ context, event }) => {
      const output = (event as { output?: Validation<unknown> }).output;
      return output?.ok ? { payload: output.payload !== undefined ? output.payload : context.payload, question: output.question ?? null } : {};
    }),
    assignInvalid: assign(({ event }) => {
      const output = (event as { output?: Validation<unknown> }).output;
      return { invalidMessage: output && !output.ok ? output.message : null };
    }),
    /** A check that threw (a file that cannot be read): its message. */
    assignCheckError: assign(({ event }) => ({ invalidMessage: messageOf((event as { error?: unknown }).error) })),
    clearMessages: assign({ invalidMessage: null, errorMessage: null }),
    assignError: assign(({ event }) => ({ errorMessage: messageOf((event as { error?: unknown }).error) })),
    assignSuccess: assign(({ context, event }) => {
      const answer = (event as { output?: Answer }).output;
      const own = typeof answer === 'string' ? { text: answer } : (answer ?? {});
      return { successText: own.text ?? context.successText, successTitle: own.title ?? context.successTitle, data: own.data };
    }),
  },
  guards: {
    passedToConfirm: ({ context, event }) => Boolean((event as { output?: Validation<unknown> }).output?.ok) && context.confirm,
    passed: ({ event }) => Boolean((event as { output?: Validation<unknown> }).output?.ok),
    hasForm: ({ context }) => context.form !== null,
  },
}).createMachine({
  id: 'actionFlow',
  context: ({ input }) => ({
    action: null,
    form: null,
    payload: null,
    invalidMessage: null,
    errorMessage: null,
    successTitle: input?.successTitle ?? Msg.done,
    successText: input?.successText ?? null,
    confirm: input?.confirm ?? true,
    question: null,
    data: undefined,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'action.submit': SUBMIT, 'form.open': OPEN_FORM },
    },
    /** The form is open: the chart keeps what is typed. */
    editing: {
      on: {
        'form.change': { actions: 'changeForm' },
        'form.submit': SUBMIT_FORM,
        'form.cancel': { target: 'idle' },
      },
    },
    validating: {
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ payload: context.payload, action: context.action }),
        onDone: [
          { guard: 'passedToConfirm', target: 'confirming', actions: 'assignValidated' },
          { guard: 'passed', target: 'waiting', actions: 'assignValidated' },
          { target: 'invalid', actions: 'assignInvalid' },
        ],
        onError: { target: 'invalid', actions: 'assignCheckError' },
      },
      on: { 'form.cancel': { target: 'idle' } },
    },
    /** Refused by the check: the message shows beside the form (or the screen's own input). */
    invalid: {
      on: {
        'action.submit': SUBMIT,
        'form.change': { guard: 'hasForm', actions: 'changeForm' },
        'form.submit': { guard: 'hasForm', ...SUBMIT_FORM },
        'form.cancel': { target: 'idle', actions: 'clearMessages' },
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
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }) => ({ payload: context.payload, action: context.action }),
        onDone: { target: 'done', actions: 'assignSuccess' },
        onError: { target: 'failed', actions: ['assignError', 'notifyError'] },
      },
    },
    done: {
      entry: 'completed',
      on: { 'dialog.close': { target: 'idle', actions: 'settled' } },
    },
    /** The request failed (toasted): the form, if any, shows again with what was typed. */
    failed: {
      on: {
        'action.submit': SUBMIT,
        'form.open': OPEN_FORM,
        'form.change': { guard: 'hasForm', target: 'editing', actions: ['clearMessages', 'changeForm'] },
        'form.submit': { guard: 'hasForm', ...SUBMIT_FORM },
        'form.cancel': { target: 'idle', actions: 'clearMessages' },
        'dialog.close': { target: 'idle', actions: 'clearMessages' },
      },
    },
  },
});

/** An error's message as the flow shows it (the host turns transport errors into Spanish first). */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : Msg.serverError;
}

/** Whether the chart shows its form now: open, being checked, refused, or back after a failure. */
export function showsForm(snapshot: { matches(state: string): boolean; context: ActionFlowContext }): boolean {
  if (snapshot.context.form === null) return false;
  return snapshot.matches('editing') || snapshot.matches('validating') || snapshot.matches('invalid') || snapshot.matches('failed');
}

export type ActionFlowMachine = typeof actionFlowMachine;
