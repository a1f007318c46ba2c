import { assign, fromPromise, setup } from 'xstate';
import type { History, HistoryQuery } from '@/api/contract/history';
import type { ChartGraph } from '@/api/contract/transitions';
import { actorErrorText } from '@/machines/ui/actor-error';

/**
 * The history viewer (issue 40 §3): an entity's history is read by the `load` actor invoked in
 * `loading` with the entity asked for; leaving `loading` (another entity, the screen gone) stops it
 * and aborts its request through the actor's signal, so an overtaken answer is never heard. Once
 * read, one moment is chosen: the first divergent one when the history diverges (what QA came to
 * see), else the last (the entity now). ←/→ step through the moments (`step.previous` /
 * `step.next`, never past either end); a moment of the timeline is chosen by its index. A failed
 * read shows its error and is retried. The host provides `load`, failing with the text to show as
 * its error's message.
 */

export interface HistoryViewerContext {
  query: HistoryQuery;
  history: History | null;
  /** The chosen moment's index in `history.moments`. */
  moment: number;
  error: string | null;
}

export type HistoryViewerEvent =
  | { type: 'step.previous' }
  | { type: 'step.next' }
  | { type: 'moment.choose'; index: number }
  | { type: 'history.retry' }
  /** Another entity (the route's search changed): read its history. */
  | { type: 'query.changed'; query: HistoryQuery };

/**
 * The history's chart with its path up to moment `index` as its counts: each transition taken so
 * far counted (the moves, by from, event and to), each state by how often it was entered (its
 * creation or first moment, and the moves into it); refusals move nothing.
 */
export function graphSoFar(history: History, index: number): ChartGraph {
  const shown = history.moments.slice(0, index + 1);
  const taken = (t: { from: string; event: string; to: string }) => shown.filter((m) => m.kind === 'move' && m.from === t.from && m.event === t.event && m.to === t.to).length;
  const entered = (state: string) => shown.filter((m) => m.kind !== 'refusal' && m.to === state).length;
  return {
    ...history.graph,
    states: history.graph.states.map((s) => ({ ...s, seen: entered(s.name) })),
    transitions: history.graph.transitions.map((t) => ({ ...t, count: taken(t) })),
    unknown: history.graph.unknown.map((t) => ({ ...t, count: taken(t) })),
  };
}

/** The moment a history opens on: its first divergence, else its last moment. */
export const openingMoment = (history: History) => history.divergentAt ?? Math.max(history.moments.length - 1, 0);

export const historyViewerMachine = setup({
  types: {
    context: {} as HistoryViewerContext,
    events: {} as HistoryViewerEvent,
    input: {} as { query: HistoryQuery },
  },
  actors: {
    /** The host's read of the entity's history; by itself it never answers. */
    load: fromPromise<History, HistoryQuery>(() => new Promise(() => {})),
  },
  actions: {
    assignHistory: assign((_, params: { history: History }) => ({ history: params.history, moment: openingMoment(params.history), error: null })),
    assignError: assign((_, params: { message: string }) => ({ error: params.message })),
    assignQuery: assign(({ event }) => (event.type === 'query.changed' ? { query: event.query, history: null, moment: 0 } : {})),
    previous: assign(({ context }) => ({ moment: context.moment - 1 })),
    next: assign(({ context }) => ({ moment: context.moment + 1 })),
    choose: assign(({ event }) => (event.type === 'moment.choose' ? { moment: event.index } : {})),
  },
  guards: {
    hasPrevious: ({ context }) => context.moment > 0,
    hasNext: ({ context }) => context.history !== null && context.moment < context.history.moments.length - 1,
    validMoment: ({ context, event }) =>
      event.type === 'moment.choose' && context.history !== null && Number.isInteger(event.index) && event.index >= 0 && event.index < context.history.moments.length,
  },
}).createMachine({
  id: 'historyViewer',
  context: ({ input }) => ({ query: input.query, history: null, moment: 0, error: null }),
  initial: 'loading',
  // From any state, `loading` is (re-)entered: a read on its way is stopped and the new entity's asked.
  on: { 'query.changed': { target: '.loading', actions: 'assignQuery' } },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: { type: 'assignHistory', params: ({ event }) => ({ history: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ message: actorErrorText(event) }) } },
      },
    },
    failed: { on: { 'history.retry': { target: 'loading' } } },
    ready: {
      on: {
        'step.previous': { guard: 'hasPrevious', actions: 'previous' },
        'step.next': { guard: 'hasNext', actions: 'next' },
        'moment.choose': { guard: 'validMoment', actions: 'choose' },
      },
    },
  },
});

export type HistoryViewerMachine = typeof historyViewerMachine;
