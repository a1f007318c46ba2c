import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { fileExportMachine, type FileExportEvent } from '@/machines/ui/file-export.machine';
import { deferred, flush, type Deferred } from '../support/fakes';
import { itCoversTheChart } from '../support/machine-coverage';
import { pathsWithOneMoreStep } from '../support/model-paths';

/** The chart with exports the test answers and its effects recorded. */
function exporter() {
  const asked: Deferred<Blob>[] = [];
  const inputs: unknown[] = [];
  const done: string[] = [];
  const actor = createActor(
    fileExportMachine.provide({
      actors: {
        export: fromPromise(({ input }) => {
          inputs.push(input);
          const answer = deferred<Blob>();
          asked.push(answer);
          return answer.promise;
        }),
      },
      actions: {
        save: (_, { file, filters }) => done.push(`save ${file.size} ${filters.chart ?? ''}`),
        failed: (_, { message }) => done.push(`failed ${message}`),
      },
    }),
  ).start();
  return { actor, asked, inputs, done, start: (chart = 'phone') => actor.send({ type: 'export.start', filters: { chart } }) };
}

describe('the file-export chart', () => {
  itCoversTheChart(
    'fileExport',
    fileExportMachine,
    () => {
      const EVENTS = [
        { type: 'export.start', filters: { chart: 'phone' } },
        { type: 'xstate.done.actor.export', output: new Blob(['a']) },
        { type: 'xstate.error.actor.export', error: new Error('Servicio no disponible.') },
      ] as unknown as FileExportEvent[];
      return pathsWithOneMoreStep(fileExportMachine, EVENTS, ((s: { value: unknown }) => JSON.stringify(s.value)) as never);
    },
    'every state and transition is reached by the model',
  );

  it('one export at a time, of the search asked for: saved under it when it comes, its failure said; it may be asked again after', async () => {
    const e = exporter();
    e.start('phone');
    e.start('order');
    expect(e.asked).toHaveLength(1);
    expect(e.inputs).toEqual([{ filters: { chart: 'phone' } }]);
    e.asked[0]!.resolve(new Blob(['id,chart\n']));
    await flush();
    expect(e.done).toEqual(['save 9 phone']);
    e.start('order');
    expect(e.inputs[1]).toEqual({ filters: { chart: 'order' } });
    e.asked[1]!.reject(new Error('Servicio no disponible.'));
    await flush();
    expect(e.done).toEqual(['save 9 phone', 'failed Servicio no disponible.']);
    expect(e.actor.getSnapshot().value).toBe('idle');
  });

  it('leaving the screen while it is being made saves nothing', async () => {
    const e = exporter();
    e.start();
    e.actor.stop();
    e.asked[0]!.resolve(new Blob(['late']));
    await flush();
    expect(e.done).toEqual([]);
  });
});
