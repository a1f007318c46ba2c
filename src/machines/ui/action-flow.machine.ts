import { assign, fromPromise, setup } from 'xstate';
import { Msg } from '@/domain/messages';
import type { Validation } from '@/machines/lifecycle/form';

/**
 * The one flow every mutating action goes through (spec lists §4, details §1):
 * the form (when the action asks for input) → validate → confirm ("Estas seguro?") → wait
 * ("Esperando Respuesta!") → done ("Listo!" or the action's own word) or failed (error toast, and
 * the form again with what was typed). The chart holds the open form's value; the screen renders
 * the chart's state and sends its events. Checking and sending are invoked actors (`validate`,
 * `perform`) whose input is what they need: the payload, the action under way and its work (the
 * check and the request the host handed over with the event that started the action, so the chart
 * calls the action as the person started it). Leaving their state stops them, so an answer that
 * comes after the form was closed changes nothing.
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

/**
 * What an action does, handed to the chart with the event that starts it (src/ui/action-flow-logic.ts
 * builds it from the screen's definition and its host): the check, the request, and what follows.
 */
export interface ActionWork {
  /** Checks the payload; resolves with the request's payload (and question) or the spec's Spanish message. */
  validate: (payload: unknown, action: unknown) => Validation<unknown> | Promise<Validation<unknown>>;
  /** Sends the request (the host hears that it left). */
  perform: (payload: unknown, action: unknown) => Promise<Answer>;
  /** The success dialog appeared, with what the request answered. */
  onDone?: (data: unknown) => void;
  /** The person closed the success dialog (the host hears it too). */
  onSettled?: () => void;
}

/** A form's value as the chart keeps it: named fields. */
export type FormValue = Readonly<Record<string, unknown>>;

export interface ActionFlowContext {
  /** Which action is under way, as the host names it (a chart's row and its entity): the check and the request read it. */
  action: unknown;
  /** The work of the action under way, as it was started; none before the first action. */
  work: ActionWork | null;
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
  | { type: 'action.submit'; payload: unknown; work: ActionWork; successTitle?: string; action?: unknown }
  /** An action that asks for input: its form opens with this value. */
  | { type: 'form.open'; value: FormValue; work: ActionWork; successTitle?: string; action?: unknown }
  /** Fields typed or chosen. */
  | { type: 'form.change'; patch: FormValue }
  | { type: 'form.submit' }
  /** The form closed ("Cancelar", Escape): nothing is sent, and a check under way is dropped. */
  | { type: 'form.cancel' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'dialog.close' };

/** What the check and the request are given: the payload, the action under way and its work. */
export interface ActorInput {
  payload: unknown;
  action: unknown;
  work: ActionWork;
}

/** The check's and the request's input, from the action under way (entered only after an action started, with its work). */
const actorInput = ({ context }: { context: ActionFlowContext }): ActorInput => ({ payload: context.payload, action: context.action, work: context.work! });

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
    // The action's own check and request, as it was started.
    validate: fromPromise<Validation<unknown>, ActorInput>(async ({ input }) => input.work.validate(input.payload, input.action)),
    perform: fromPromise<Answer, ActorInput>(async ({ input }) => input.work.perform(input.payload, input.action)),
  },
  actions: {
    // The error toast is the host's (src/ui/action-flow-logic.ts provides it).
    notifyError: () => {},
    completed: ({ context }) => context.work?.onDone?.(context.data),
    /** The person closed the success dialog. */
    settled: ({ context }) => context.work?.onSettled?.(),
    assignPayload: assign(({ event }) =>
      event.type === 'action.submit'
        ? { form: null, payload: event.payload, work: event.work, action: event.action ?? null, ...(event.successTitle ? { successTitle: event.successTitle } : {}) }
        : {},
    ),
    openForm: assign(({ event }) =>
      event.type === 'form.open'
        ? { form: event.value, payload: null, work: event.work, action: event.action ?? null, ...(event.successTitle ? { successTitle: event.successTitle } : {}) }
        : {},
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
    work: null,
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
        input: actorInput,
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
        input: actorInput,
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
