import { assign, fromPromise, setup } from 'xstate';
import type { BulkAnswer } from '@/api/contract/queues';
import type { Validation } from '@/machines/lifecycle/form';

/**
 * A queue's bulk selection as a person makes it (issue 28 §3): entries are chosen one by one (a
 * row's checkbox, or `x` on the highlighted row as in Gmail), a page at once, or cleared; an
 * action asked for what is chosen is confirmed first (the question names the action and how many;
 * an action that asks for input, a reason, has its form filled and checked before that, and its
 * payload goes with every entry), then applied (the `apply` actor: the host's call of the bulk route), and
 * its result (each entry done, refused, held by someone else, or waiting in the batch's approval)
 * stays on screen until it is closed, which empties the selection. Entries that leave the list
 * (someone else's work, the live stream) leave the selection too. The host provides `apply`.
 */

export interface BulkSelectionContext {
  /** The chosen entries, in the order chosen. */
  selected: readonly number[];
  /** The action under way or last applied (its row's event). */
  event: string | null;
  result: BulkAnswer | null;
  /** Why the batch was not sent or not answered (the selection stays for another try). */
  error: string | null;
  /** The open form's value, while an action that asks for input is filled in; null otherwise. */
  form: FormValue | null;
  /** The form's own check (the row's `validate`): its payload, or the spec's Spanish message. */
  check: FormCheck | null;
  /** Why the form was not accepted, shown beside it. */
  invalid: string | null;
  /** What the checked form gave, sent with every entry; undefined for an action without a form. */
  payload: unknown;
}

/** A form's value as the chart keeps it: named fields. */
export type FormValue = Readonly<Record<string, unknown>>;
export type FormCheck = (value: FormValue) => Validation<unknown>;

export type BulkSelectionEvent =
  | { type: 'select.toggle'; key: number }
  | { type: 'select.page'; keys: readonly number[] }
  | { type: 'select.clear' }
  /** The list was read again: what it no longer shows cannot stay chosen. */
  | { type: 'select.shown'; keys: readonly number[] }
  /** An action for what is chosen; `form` when it asks for input first (its opening value and check). */
  | { type: 'bulk.apply'; event: string; form?: { value: FormValue; check: FormCheck } }
  | { type: 'form.change'; patch: FormValue }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'bulk.confirm' }
  | { type: 'bulk.cancel' }
  | { type: 'result.close' };

/** What the host's call is given: the action and the chosen entries. */
export interface BulkRequest {
  event: string;
  ids: readonly number[];
  /** The form's payload (a reason), the same for every entry; absent without a form. */
  payload?: unknown;
}

const toggled = (selected: readonly number[], key: number) => (selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key]);

export const bulkSelectionMachine = setup({
  types: { context: {} as BulkSelectionContext, events: {} as BulkSelectionEvent },
  actors: {
    /** The host's bulk call; by itself it never answers. */
    apply: fromPromise<BulkAnswer, BulkRequest>(() => new Promise<BulkAnswer>(() => {})),
  },
  actions: {
    toggle: assign(({ context, event }) => (event.type === 'select.toggle' ? { selected: toggled(context.selected, event.key), error: null } : {})),
    /** The whole page: chosen, or (all of it chosen already) none of it. */
    page: assign(({ context, event }) => {
      if (event.type !== 'select.page') return {};
      const all = event.keys.every((k) => context.selected.includes(k));
      return { selected: all ? context.selected.filter((k) => !event.keys.includes(k)) : [...context.selected, ...event.keys.filter((k) => !context.selected.includes(k))], error: null };
    }),
    prune: assign(({ context, event }) => (event.type === 'select.shown' ? { selected: context.selected.filter((k) => event.keys.includes(k)) } : {})),
    clear: assign({ selected: [], event: null, result: null, error: null, form: null, check: null, invalid: null, payload: undefined }),
    startApply: assign(({ event }) => (event.type === 'bulk.apply' ? { event: event.event, error: null, form: null, check: null, invalid: null, payload: undefined } : {})),
    openForm: assign(({ event }) => (event.type === 'bulk.apply' && event.form ? { form: event.form.value, check: event.form.check } : {})),
    changeForm: assign(({ context, event }) => (event.type === 'form.change' && context.form ? { form: { ...context.form, ...event.patch } } : {})),
    takePayload: assign(({ context }) => {
      const checked = context.check!(context.form!);
      return checked.ok ? { payload: checked.payload, invalid: null } : {};
    }),
    refuseForm: assign(({ context }) => {
      const checked = context.check!(context.form!);
      return { invalid: checked.ok ? null : checked.message };
    }),
    closeForm: assign({ event: null, form: null, check: null, invalid: null, payload: undefined }),
    assignResult: assign(({ event }) => ({ result: (event as { output?: BulkAnswer }).output ?? null })),
    assignError: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      return { error: error instanceof Error ? error.message : String(error) };
    }),
  },
  guards: {
    /** After the event, something is still chosen. */
    leavesSome: ({ context, event }) => {
      if (event.type === 'select.toggle') return toggled(context.selected, event.key).length > 0;
      if (event.type === 'select.shown') return context.selected.some((k) => event.keys.includes(k));
      if (event.type === 'select.page') return !event.keys.every((k) => context.selected.includes(k)) || context.selected.some((k) => !event.keys.includes(k));
      return context.selected.length > 0;
    },
    hasKeys: ({ event }) => event.type === 'select.page' && event.keys.length > 0,
    asksForm: ({ event }) => event.type === 'bulk.apply' && event.form !== undefined,
    formValid: ({ context }) => context.check !== null && context.form !== null && context.check(context.form).ok,
  },
}).createMachine({
  id: 'bulkSelection',
  context: { selected: [], event: null, result: null, error: null, form: null, check: null, invalid: null, payload: undefined },
  initial: 'empty',
  states: {
    empty: {
      on: {
        'select.toggle': { target: 'choosing', actions: 'toggle' },
        'select.page': { guard: 'hasKeys', target: 'choosing', actions: 'page' },
      },
    },
    choosing: {
      on: {
        'select.toggle': [{ guard: 'leavesSome', actions: 'toggle' }, { target: 'empty', actions: 'clear' }],
        'select.page': [{ guard: 'leavesSome', actions: 'page' }, { target: 'empty', actions: 'clear' }],
        'select.shown': [{ guard: 'leavesSome', actions: 'prune' }, { target: 'empty', actions: 'clear' }],
        'select.clear': { target: 'empty', actions: 'clear' },
        'bulk.apply': [
          { guard: 'asksForm', target: 'filling', actions: ['startApply', 'openForm'] },
          { target: 'confirming', actions: 'startApply' },
        ],
      },
    },
    /** The action's form (a reason for all of them): checked by its own rules before the question. */
    filling: {
      on: {
        'form.change': { actions: 'changeForm' },
        'form.submit': [{ guard: 'formValid', target: 'confirming', actions: 'takePayload' }, { actions: 'refuseForm' }],
        'form.cancel': { target: 'choosing', actions: 'closeForm' },
      },
    },
    confirming: {
      on: {
        'bulk.confirm': 'applying',
        'bulk.cancel': { target: 'choosing', actions: 'closeForm' },
      },
    },
    applying: {
      // The answer is awaited whatever the list does meanwhile; the selection is what was sent.
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }): BulkRequest => ({ event: context.event!, ids: context.selected, ...(context.payload === undefined ? {} : { payload: context.payload }) }),
        onDone: { target: 'result', actions: 'assignResult' },
        onError: { target: 'choosing', actions: ['closeForm', 'assignError'] },
      },
    },
    result: {
      on: { 'result.close': { target: 'empty', actions: 'clear' } },
    },
  },
});
