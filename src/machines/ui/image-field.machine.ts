import { assign, emit, fromPromise, setup } from 'xstate';
import { needsShrinking } from '@/domain/images';
import { PREPARING_IMAGE } from '@/machines/lifecycle/form';

/**
 * An image's file field (src/ui/row-form.tsx; issue 41 §4): a photo picked over the upload limit
 * is made smaller before it becomes the form's value. The shrinking is the invoked `shrink`, which
 * the host provides (src/ui/images.ts `fitImage`: it resolves to the smaller file, or to the file
 * as it was when the browser cannot make it smaller; it does not reject). Meanwhile the field is
 * `preparing` and its value PREPARING_IMAGE, which the action flow refuses to send. Any other file
 * (small, or not an image) is the value at once; an emptied pick leaves the field without one.
 * A photo picked again while one is being made smaller re-enters `preparing`: the one under way
 * is stopped and its late answer goes nowhere; the field's end (the actor stopped) drops it too.
 * Every value the field takes is emitted (`image.value`) for the host to put in the form.
 */

/** What the field holds for the form: a file, none, or PREPARING_IMAGE while it is made smaller. */
export type ImageFieldValue = File | undefined | typeof PREPARING_IMAGE;

export interface ImageFieldContext {
  /** The file picked (while `preparing`), then the one the form gets (`done`). */
  file: File | undefined;
}

export type ImageFieldEvent = { type: 'image.picked'; file: File | undefined };

export type ImageFieldEmitted = { type: 'image.value'; value: ImageFieldValue };

export const imageFieldMachine = setup({
  types: { context: {} as ImageFieldContext, events: {} as ImageFieldEvent, emitted: {} as ImageFieldEmitted },
  actors: {
    shrink: fromPromise<File, { file: File }>(() => Promise.reject(new Error('shrink is provided by the host'))),
  },
  actions: {
    keep: assign({ file: ({ event }) => event.file }),
    preparing: emit({ type: 'image.value', value: PREPARING_IMAGE }),
    settle: emit(({ context }) => ({ type: 'image.value' as const, value: context.file })),
  },
  guards: {
    large: ({ event }) => event.file !== undefined && needsShrinking(event.file),
    none: ({ event }) => event.file === undefined,
  },
}).createMachine({
  id: 'imageField',
  context: { file: undefined },
  initial: 'idle',
  // A pick in any state leaves the state it is in: one over the limit while another is prepared enters `preparing` anew (the old shrink stopped, a new one started).
  on: {
    'image.picked': [
      { guard: 'large', target: '.preparing', actions: ['keep', 'preparing'] },
      { guard: 'none', target: '.idle', actions: ['keep', 'settle'] },
      { target: '.done', actions: ['keep', 'settle'] },
    ],
  },
  states: {
    idle: {},
    preparing: {
      invoke: {
        id: 'shrink',
        src: 'shrink',
        input: ({ context }) => ({ file: context.file! }),
        onDone: { target: 'done', actions: [assign({ file: ({ event }) => event.output }), 'settle'] },
        // Not expected (fitImage gives the file back as it was when it cannot): the file as picked, whose size the form's check then refuses.
        onError: { target: 'done', actions: 'settle' },
      },
    },
    done: {},
  },
});
