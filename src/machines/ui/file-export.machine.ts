import { fromPromise, setup } from 'xstate';

/**
 * A file the server exports and the browser saves (the transitions audit's CSV): asked once at a
 * time (the button waits while it is being made), the export is an invoked `export` the host
 * provides (resolving to the file, or rejecting with an Error whose message is the text to
 * show); `save` and `failed` are the host's too. Leaving the screen stops the export: nothing is
 * saved after.
 */

export type FileExportEvent = { type: 'export.start' };

export const fileExportMachine = setup({
  types: { events: {} as FileExportEvent },
  actors: {
    export: fromPromise<Blob>(() => Promise.reject(new Error('export is provided by the host'))),
  },
  actions: {
    save: (_: unknown, _params: { file: Blob }) => {},
    failed: (_: unknown, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'fileExport',
  initial: 'idle',
  states: {
    idle: { on: { 'export.start': { target: 'exporting' } } },
    exporting: {
      invoke: {
        id: 'export',
        src: 'export',
        onDone: { target: 'idle', actions: { type: 'save', params: ({ event }) => ({ file: event.output }) } },
        onError: {
          target: 'idle',
          actions: { type: 'failed', params: ({ event }) => ({ message: event.error instanceof Error ? event.error.message : String(event.error) }) },
        },
      },
    },
  },
});
