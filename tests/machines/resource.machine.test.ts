import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { resourceMachine, type ResourceEvent } from '@/machines/ui/resource.machine';
import { deferred, flush, type Deferred } from '../support/fakes';
import { describePath, machineCoverage, reportCoverage } from '../support/machine-coverage';

type Snap = SnapshotFrom<typeof resourceMachine>;

/** The resource chart with a loader the test answers (the same wiring as ui/resource-view). */
function createSut() {
  const loads: Deferred<unknown>[] = [];
  const actor = createActor(
    resourceMachine.provide({
      actions: {
        load: ({ self }) => {
          const d = deferred<unknown>();
          loads.push(d);
          d.promise.then(
            (data) => self.send({ type: 'load.succeeded', data }),
            (error: Error) => self.send({ type: 'load.failed', message: error.message }),
          );
        },
      },
    }),
  );
  actor.start();
  return { actor, loads, open: () => loads.filter((d) => !d.settled) };
}

const events: ResourceEvent[] = [
  { type: 'load.succeeded', data: { n: 1 } },
  { type: 'load.failed', message: 'Acceso denegado' },
  { type: 'resource.retry' },
  { type: 'resource.reload' },
];

const model = createTestModel(resourceMachine, {
  events,
  serializeState: (s: Snap, e: ResourceEvent | undefined, p?: Snap) => `${JSON.stringify(s.value)}|${e?.type ?? ''}|${p ? JSON.stringify(p.value) : ''}`,
});
const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

describe('resource machine, model-based', () => {
  it('covers every state and transition', () => {
    const coverage = machineCoverage(resourceMachine, paths);
    reportCoverage('resource', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_d, path) => {
    const sut = createSut();
    const answer = async (fn: (d: Deferred<unknown>) => void) => {
      const open = sut.open();
      expect(open).toHaveLength(1);
      fn(open[0]!);
      await flush();
    };
    await path.test({
      states: {
        loading: () => expect(sut.open()).toHaveLength(1),
        loaded: () => expect(sut.actor.getSnapshot().context.data).toEqual({ n: 1 }),
        failed: () => expect(sut.actor.getSnapshot().context.error).toBe('Acceso denegado'),
      },
      events: {
        'load.succeeded': () => answer((d) => d.resolve({ n: 1 })),
        'load.failed': () => answer((d) => d.reject(new Error('Acceso denegado'))),
        'resource.retry': () => void sut.actor.send({ type: 'resource.retry' }),
        'resource.reload': () => void sut.actor.send({ type: 'resource.reload' }),
      },
    });
  });
});
