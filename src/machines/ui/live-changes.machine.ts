import { assign, setup } from 'xstate';

/**
 * The console's one event stream of changes (issue 14 §4): it connects, tells its listeners each
 * change, and when the stream is lost it waits (1 s, then longer, at most 15 s) and connects again;
 * a stream opened again tells its listeners to re-read, since changes made meanwhile were missed.
 * The host provides the effects: `open` (start the stream; it reports `stream.ready`,
 * `stream.change`, `stream.lost`), `close`, `notify` (a change), `resync` (read again) and
 * `scheduleRetry` (send `stream.retry` after the wait).
 */

export type LiveChangesEvent =
  | { type: 'stream.ready' }
  | { type: 'stream.change'; orders: readonly number[] }
  | { type: 'stream.lost' }
  /** The wait after a loss is over (the host's clock, after `retryDelay`). */
  | { type: 'stream.retry' }
  | { type: 'stream.stop' };

export interface LiveChangesContext {
  /** Connections lost in a row: the wait grows with them. */
  lost: number;
  /** The stream was open before: its listeners may have missed changes. */
  wasOpen: boolean;
}

export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 15_000;
export const retryDelay = (lost: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, lost - 1));

export const liveChangesMachine = setup({
  types: { context: {} as LiveChangesContext, events: {} as LiveChangesEvent },
  actions: {
    open: () => {},
    close: () => {},
    notify: (_args, _params: { orders: readonly number[] }) => {},
    resync: () => {},
    /** Send `stream.retry` after `retryDelay(context.lost)`. */
    scheduleRetry: () => {},
  },
  guards: {
    missedSome: ({ context }) => context.wasOpen,
  },
}).createMachine({
  id: 'liveChanges',
  context: { lost: 0, wasOpen: false },
  initial: 'connecting',
  on: { 'stream.stop': { target: '.stopped' } },
  states: {
    connecting: {
      entry: 'open',
      on: {
        'stream.ready': [
          { guard: 'missedSome', target: 'live', actions: ['resync', assign({ lost: 0 })] },
          { target: 'live', actions: assign({ lost: 0, wasOpen: true }) },
        ],
        'stream.lost': { target: 'waiting' },
      },
    },
    live: {
      on: {
        'stream.change': { actions: { type: 'notify', params: ({ event }) => ({ orders: event.orders }) } },
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
