import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { storedImageMachine, type StoredImageContext, type StoredImageEvent } from '@/machines/ui/stored-image.machine';
import { deferred, flush, type Deferred } from '../support/fakes';
import { itCoversTheChart } from '../support/machine-coverage';
import { pathsWithOneMoreStep } from '../support/model-paths';

/** The chart with reads the test answers. */
function image() {
  const reads: Deferred<string>[] = [];
  const actor = createActor(
    storedImageMachine.provide({
      actors: {
        load: fromPromise(() => {
          const read = deferred<string>();
          reads.push(read);
          return read.promise;
        }),
      },
    }),
  ).start();
  const toggle = () => actor.send({ type: 'image.toggle' });
  return { actor, reads, toggle, value: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

describe('the stored-image chart', () => {
  itCoversTheChart(
    'storedImage',
    storedImageMachine,
    () => {
      // The invoked read's answers, as the chart hears them.
      const EVENTS = [
        { type: 'image.toggle' },
        { type: 'xstate.done.actor.image', output: 'data:image/png;base64,AAAA' },
        { type: 'xstate.error.actor.image', error: new Error('Recurso no encontrado.') },
      ] as unknown as StoredImageEvent[];
      const serializeState = (s: { value: unknown; context: StoredImageContext }) => JSON.stringify([s.value, s.context.src !== null]);
      return pathsWithOneMoreStep(storedImageMachine, EVENTS, serializeState as never);
    },
    'every state and transition is reached by the model',
  );

  it('closed while it loads, it stays closed when the answer comes; opened again it reads again', async () => {
    const i = image();
    i.toggle();
    expect(i.value()).toBe('loading');
    i.toggle();
    expect(i.value()).toBe('closed');
    i.reads[0]!.resolve('data:image/png;base64,LATE');
    await flush();
    expect(i.value()).toBe('closed');
    expect(i.context().src).toBeNull();
    i.toggle();
    expect(i.reads).toHaveLength(2);
    i.reads[1]!.resolve('data:image/png;base64,AAAA');
    await flush();
    expect(i.value()).toBe('shown');
    expect(i.context().src).toBe('data:image/png;base64,AAAA');
  });

  it('read once, it opens again without asking; a failed read says why and is asked again on the next opening', async () => {
    const i = image();
    i.toggle();
    i.reads[0]!.reject(new Error('Recurso no encontrado.'));
    await flush();
    expect(i.value()).toBe('failed');
    expect(i.context().error).toBe('Recurso no encontrado.');
    i.toggle();
    i.toggle();
    i.reads[1]!.resolve('data:image/png;base64,AAAA');
    await flush();
    i.toggle();
    i.toggle();
    expect(i.value()).toBe('shown');
    expect(i.reads).toHaveLength(2);
  });
});
