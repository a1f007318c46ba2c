import { assign, fromCallback, setup } from 'xstate';

/**
 * The console's one event stream of changes (issue 14 §4): it connects, tells its listeners each
 * change, and when the stream is lost it waits (1 s, then longer, at most 15 s) and connects again;
 * a stream opened again tells its listeners to re-read, since changes made meanwhile were missed.
 * The server may also say so itself (`stream.resync`: its own database connection was lost and is
 * back), and a server shutting down says `stream.closing` with how soon to connect again (the
 * balancer sends the new stream to another instance).
 * The stream is the chart's invoked `stream` actor, open while `streaming`: it reports
 * `stream.ready`, `stream.change`, `stream.resync`, `stream.closing` and `stream.lost`, and leaving
 * the state (a loss, a shutdown, `stream.stop`) stops it, which closes the connection. The wait
 * before the next connection is an `after` transition (`nextDelay(context)`). The host provides the
 * stream (src/ui/live.ts) and the effects `notify` (a change) and `resync` (read again).
 */

export type LiveChangesEvent =
  | { type: 'stream.ready' }
  | { type: 'stream.change'; orders: readonly number[] }
  | { type: 'stream.resync' }
  /** The server is shutting down: connect again after `retryMs`. */
  | { type: 'stream.closing'; retryMs: number }
  | { type: 'stream.lost' }
  | { type: 'stream.stop' };

export interface LiveChangesContext {
  /** Connections lost in a row: the wait grows with them. */
  lost: number;
  /** The stream was open before: its listeners may have missed changes. */
  wasOpen: boolean;
  /** The server's own retry hint for the next wait, when it gave one. */
  hintMs: number | null;
}

export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 15_000;
export const retryDelay = (lost: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, lost - 1));
/** The wait before the next connection: the server's hint, or the growing wait. */
export const nextDelay = (context: LiveChangesContext) => context.hintMs ?? retryDelay(context.lost);

export const liveChangesMachine = setup({
  types: { context: {} as LiveChangesContext, events: {} as LiveChangesEvent },
  actors: {
    /** The host's event stream; by itself it reports nothing. */
    stream: fromCallback<LiveChangesEvent>(() => {}),
  },
  delays: {
    reconnectDelay: ({ context }) => nextDelay(context),
  },
  actions: {
    notify: (_args, _params: { orders: readonly number[] }) => {},
    resync: () => {},
  },
  guards: {
    missedSome: ({ context }) => context.wasOpen,
  },
}).createMachine({
  id: 'liveChanges',
  context: { lost: 0, wasOpen: false, hintMs: null },
  initial: 'streaming',
  on: { 'stream.stop': { target: '.stopped' } },
  states: {
    streaming: {
      invoke: { id: 'stream', src: 'stream' },
      initial: 'connecting',
      states: {
        connecting: {
          on: {
            'stream.ready': [
              { guard: 'missedSome', target: 'live', actions: ['resync', assign({ lost: 0, hintMs: null })] },
              { target: 'live', actions: assign({ lost: 0, wasOpen: true, hintMs: null }) },
            ],
            'stream.lost': { target: '#liveChanges.waiting' },
          },
        },
        live: {
          on: {
            'stream.change': { actions: { type: 'notify', params: ({ event }) => ({ orders: event.orders }) } },
            'stream.resync': { actions: 'resync' },
            'stream.closing': { target: '#liveChanges.waiting', actions: assign({ hintMs: ({ event }) => event.retryMs }) },
            'stream.lost': { target: '#liveChanges.waiting' },
          },
        },
      },
    },
    waiting: {
      entry: assign({ lost: ({ context }) => context.lost + 1 }),
      after: { reconnectDelay: { target: 'streaming' } },
    },
    stopped: { type: 'final' },
  },
});
