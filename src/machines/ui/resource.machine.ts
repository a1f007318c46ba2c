import { assign, setup } from 'xstate';

/**
 * A read-only piece of data a screen shows: loading → loaded / failed, retry, reload.
 * Pure chart; the host provides the `load` effect and reports `load.succeeded` / `load.failed`.
 */
export interface ResourceContext {
  data: unknown;
  error: string | null;
}

export type ResourceEvent =
  | { type: 'load.succeeded'; data: unknown }
  | { type: 'load.failed'; message: string }
  | { type: 'resource.retry' }
  | { type: 'resource.reload' };

export const resourceMachine = setup({
  types: { context: {} as ResourceContext, events: {} as ResourceEvent },
  actions: {
    load: () => {},
    assignData: assign(({ event }) => (event.type === 'load.succeeded' ? { data: event.data, error: null } : {})),
    assignError: assign(({ event }) => (event.type === 'load.failed' ? { error: event.message } : {})),
  },
}).createMachine({
  id: 'resource',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: 'load',
      on: {
        'load.succeeded': { target: 'loaded', actions: 'assignData' },
        'load.failed': { target: 'failed', actions: 'assignError' },
      },
    },
    loaded: { on: { 'resource.reload': { target: 'loading' } } },
    failed: { on: { 'resource.retry': { target: 'loading' } } },
  },
});
