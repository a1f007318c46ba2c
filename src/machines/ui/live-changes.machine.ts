import { assign, setup } from 'xstate';

/**
 * The console's one event stream of changes (issue 14 §4): it connects, tells its listeners each
 * change, and when the stream is lost it waits (1 s, then longer, at most 15 s) and connects again;
 * a stream opened again tells its listeners to re-read, since changes made meanwhile were missed.
 * The server may also say so itself (`stream.resync`: its own database connection was lost and is
 * back), and a server shutting down says `stream.closing` with how soon to connect again (the
 * balancer sends the new stream to another instance).
 * The host provides the effects: `open` (start the stream; it reports `stream.ready`,
 * `stream.change`, `stream.resync`, `stream.closing`, `stream.lost`), `close`, `notify` (a change),
 * `resync` (read again) and `scheduleRetry` (send `stream.retry` after `nextDelay(context)`).
 */

export type LiveChangesEvent =
  | { type: 'stream.ready' }
  | { type: 'stream.change'; orders: readonly number[] }
  | { type: 'stream.resync' }
  /** The server is shutting down: connect again after `retryMs`. */
  | { type: 'stream.closing'; retryMs: number }
  | { type: 'stream.lost' }
  /** The wait after a loss is over (the host's clock, after `retryDelay`). */
  | { type: 'stream.retry' }
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
  actions: {
    open: () => {},
    close: () => {},
    notify: (_args, _params: { orders: readonly number[] }) => {},
    resync: () => {},
    /** Send `stream.retry` after `nextDelay(context)`. */
    scheduleRetry: () => {},
  },
  guards: {
    missedSome: ({ context }) => context.wasOpen,
  },
}).createMachine({
  id: 'liveChanges',
  context: { lost: 0, wasOpen: false, hintMs: null },
  initial: 'connecting',
  on: { 'stream.stop': { target: '.stopped' } },
  states: {
    connecting: {
      entry: 'open',
      on: {
        'stream.ready': [
          { guard: 'missedSome', target: 'live', actions: ['resync', assign({ lost: 0, hintMs: null })] },
          { target: 'live', actions: assign({ lost: 0, wasOpen: true, hintMs: null }) },
        ],
        'stream.lost': { target: 'waiting' },
      },
    },
    live: {
      on: {
        'stream.change': { actions: { type: 'notify', params: ({ event }) => ({ orders: event.orders }) } },
        'stream.resync': { actions: 'resync' },
        'stream.closing': { target: 'waiting', actions: assign({ hintMs: ({ event }) => event.retryMs }) },
        'stream.lost': { target: 'waiting' },
      },
    },
    waiting: {
      entry: ['close', assign({ lost: ({ context }) => context.lost + 1 }), 'scheduleRetry'],
      on: { 'stream.retry': { target: 'connecting' } },
    },
    stopped: { type: 'final', entry: 'close' },
  },
});
