import { assign, fromPromise, setup } from 'xstate';

/**
 * A file the server exports and the browser saves (the transitions audit's CSV): asked once at a
 * time (the button waits while it is being made), the export is an invoked `export` the host
 * provides (resolving to the file, or rejecting with an Error whose message is the text to
 * show); `save` and `failed` are the host's too. What is exported (the search shown when the
 * button was pressed) comes with `export.start` and is the export's input and the save's (it names
 * the file). Leaving the screen stops the export: nothing is saved after.
 */

/** The search an export is asked for. */
export type ExportFilters = Readonly<Record<string, string | undefined>>;

export type FileExportEvent = { type: 'export.start'; filters: ExportFilters };

export const fileExportMachine = setup({
  types: { events: {} as FileExportEvent, context: {} as { filters: ExportFilters } },
  actors: {
    export: fromPromise<Blob, { filters: ExportFilters }>(() => Promise.reject(new Error('export is provided by the host'))),
  },
  actions: {
    save: (_: unknown, _params: { file: Blob; filters: ExportFilters }) => {},
    failed: (_: unknown, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'fileExport',
  initial: 'idle',
  context: { filters: {} },
  states: {
    idle: { on: { 'export.start': { target: 'exporting', actions: assign({ filters: ({ event }) => event.filters }) } } },
    exporting: {
      invoke: {
        id: 'export',
        src: 'export',
        input: ({ context }) => ({ filters: context.filters }),
        onDone: { target: 'idle', actions: { type: 'save', params: ({ context, event }) => ({ file: event.output, filters: context.filters }) } },
        onError: {
          target: 'idle',
          actions: { type: 'failed', params: ({ event }) => ({ message: event.error instanceof Error ? event.error.message : String(event.error) }) },
        },
      },
    },
  },
});
