import { assign, fromPromise, setup } from 'xstate';

/**
 * An uploaded image shown in place when asked for (identity document, receipt). Opening it the
 * first time reads it (the invoked `load`, which the host provides: it resolves to the image's
 * data URL or rejects with an Error whose message is the text to show); closing it while it loads
 * stops the read, so a late answer can no longer open it. Read once, it opens again without
 * asking; a failed read is asked again on the next opening.
 */

export interface StoredImageContext {
  src: string | null;
  error: string | null;
}

export type StoredImageEvent = { type: 'image.toggle' };

export const storedImageMachine = setup({
  types: { context: {} as StoredImageContext, events: {} as StoredImageEvent },
  actors: {
    load: fromPromise<string>(() => Promise.reject(new Error('load is provided by the host'))),
  },
  guards: {
    read: ({ context }) => context.src !== null,
  },
}).createMachine({
  id: 'storedImage',
  context: { src: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'image.toggle': [{ guard: 'read', target: 'shown' }, { target: 'loading' }],
      },
    },
    loading: {
      invoke: {
        id: 'image',
        src: 'load',
        onDone: { target: 'shown', actions: assign({ src: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }) },
      },
      // Closed before the answer: the read is stopped with the state, its answer goes nowhere.
      on: { 'image.toggle': { target: 'closed' } },
    },
    shown: { on: { 'image.toggle': { target: 'closed' } } },
    failed: { on: { 'image.toggle': { target: 'closed' } } },
  },
});
